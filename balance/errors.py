"""Bad input: one clear line (file, field, what is allowed), exit code 2."""


class InputError(Exception):
    """A user-supplied file or option is not acceptable; str() is the one-line message."""


class FieldError(InputError):
    """Bad input in one named field (``seats``, ``policies``): the message
    ``"<field>: <what>"``, renamed by a caller that took the value from an
    option of another name (``--players``, ``--policy``)."""

    def __init__(self, field: str, what: str):
        super().__init__(f"{field}: {what}")
        self.field, self.what = field, what

    def named(self, names: dict[str, str]) -> "FieldError":
        """The same error, its field as ``names`` calls it (unchanged if not there)."""
        return FieldError(names.get(self.field, self.field), self.what)
