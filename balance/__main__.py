"""``python -m balance``: the command line.  A Ctrl-C while it is still
starting (importing its libraries) ends it with one line, not a traceback."""
import sys

try:
    from .cli import main
except KeyboardInterrupt:
    print("balance: interrupted while starting; nothing was done", file=sys.stderr)
    sys.exit(130)

sys.exit(main())
