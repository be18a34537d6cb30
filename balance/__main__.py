"""The command line, as ``python -m balance`` and as the ``balance`` script.  A
Ctrl-C while it is still starting (importing its libraries) ends it with one
line, not a traceback."""
import sys


def run() -> int:
    try:
        from .cli import main
    except KeyboardInterrupt:
        print("balance: interrupted while starting; nothing was done", file=sys.stderr)
        return 130
    return main()


if __name__ == "__main__":
    sys.exit(run())
