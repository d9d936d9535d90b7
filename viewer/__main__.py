import sys

from .cli.streams import EXIT_SIGPIPE, missing_package

try:
    from .cli import main

    status = main()
except ModuleNotFoundError as exc:      # a third-party package missing: say what to do
    if exc.name and exc.name.split(".")[0] == "viewer":
        raise
    sys.stderr.write(f"viewer: {missing_package(exc)}\n")
    sys.exit(1)
if status == EXIT_SIGPIPE:
    # A broken pipe ends us as it ends a C tool: by SIGPIPE (what the shell
    # and "set -o pipefail" expect), after our files are all or nothing.
    import os
    import signal

    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGPIPE)
sys.exit(status)
