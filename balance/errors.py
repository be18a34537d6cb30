"""Bad input: one clear line (file, field, what is allowed), exit code 2."""


class InputError(Exception):
    """A user-supplied file or option is not acceptable; str() is the one-line message."""
