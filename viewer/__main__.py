import sys

from .cli import main
from .cli_streams import EXIT_SIGPIPE

status = main()
if status == EXIT_SIGPIPE:
    # A broken pipe ends us as it ends a C tool: by SIGPIPE (what the shell
    # and "set -o pipefail" expect), after our files are all or nothing.
    import os
    import signal

    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGPIPE)
sys.exit(status)
