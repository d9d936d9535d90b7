"""fairland.c's assertions, as empserver's default build has them.

empserver compiles fairland with ``assert()`` on.  When one fails, glibc
prints ``fairland: src/util/fairland.c:LINE: FUNCTION: Assertion `EXPR'
failed.`` on standard error and aborts (exit status 134, no newcap script,
whatever standard output still held in its buffer lost).  A ``-DNDEBUG``
build skips the checks and goes on.

The kernels test every assertion on fairland's path where fairland.c does
and record the first that fails (see ``kernel.A_*`` and ``kernel.chk``);
the run itself goes on as the ``-DNDEBUG`` build's does, so the world is
the one that build makes.  :class:`FairlandAssertion` is that record as the
window and the command line use it.  The three debugging printers
(``print_xzone_map`` and friends, lines 1577, 1605 and 1631) are never
called by fairland, so their assertions are not checked.

The one that fails in practice is ``xzone_ok`` in ``xzone_around_sector``:
when the exclusive zones are rebuilt for a round of islands, a sector of an
earlier island (merged islands with ``-i``, or a continent when ID > DI) lies
in another island's zone.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import kernel as K

# The path of fairland.c as empserver's make passes it to the compiler,
# which is what glibc's message shows.
SOURCE = "src/util/fairland.c"

# (line in fairland.c at ec9633b9, function, expression as the assert
# macro stringifies it), indexed by kernel.A_*.
ASSERTIONS: dict[int, tuple[int, str, str]] = {
    K.A_XZONE_OK: (798, "xzone_around_sector", "xzone_ok(c, x, y)"),
    K.A_BFS_DIST: (865, "bfs_enqueue", "dist < distance[off]"),
    K.A_BFS_QUEUE: (872, "bfs_enqueue", "bfs_queue_tail != bfs_queue_head"),
    K.A_BFS_RUN: (901, "bfs_run_queue", "distance[noff] < dist"),
    K.A_ADD_OWN: (1033, "add_sector", "own[off] == -1"),
    K.A_GROW_WEIGHT: (1054, "grow_weight", "n > 0 && n < 7"),
    K.A_SEEN_MAX: (1068, "grow_one_sector", "cur_seen < UINT_MAX"),
    K.A_SEEN: (1086, "grow_one_sector", "seen[noff] < cur_seen"),
    K.A_WSUM: (1091, "grow_one_sector", "wsum < INT_MAX - w"),
    K.A_PLACE_DIST: (1167, "place_island", "d > id"),
    K.A_ISECS: (1254, "grow_islands", "isecs[c + j] == secs"),
    K.A_RESOURCE: (1411, "elev_to_resource", "conf[i - 1].elev <= elev"),
    K.A_OUTPUT: (1479, "output", "0 <= c && c < nc"),
}

# glibc's exit status for abort(), as a shell reports it (128 + SIGABRT).
ABORT_STATUS = 134


@dataclass(frozen=True)
class FairlandAssertion:
    """The first assertion of fairland.c that fails in a run.

    ``x``, ``y`` is the sector it is about (-1, -1 when it concerns none),
    ``island`` the island being grown or zoned (-1 when none), ``step`` the
    timeline step whose event trips it (``trace.describe(step)`` names that
    event; the state before it is step - 1).  ``output`` is what the default
    build had printed on standard output before aborting (before the loss
    of its buffer: see :func:`stdout_left`).
    """

    line: int
    function: str
    expression: str
    x: int
    y: int
    step: int
    island: int
    output: str

    def message(self, prog: str = "fairland") -> str:
        """The line glibc writes on standard error, newline included."""
        return (f"{prog}: {SOURCE}:{self.line}: {self.function}: "
                f"Assertion `{self.expression}' failed.\n")

    def summary(self) -> str:
        """One sentence for a deity: what the server's fairland does."""
        where = f" at sector {self.x},{self.y}" if self.x >= 0 else ""
        return (f"empserver's default fairland aborts on this world: assertion "
                f"`{self.expression}' fails in {self.function} (fairland.c:{self.line})"
                f"{where}, step {self.step}; the world shown is what a -DNDEBUG build makes")


def from_check(chk: np.ndarray, wx: int, output: str, n_events: int) -> FairlandAssertion | None:
    """The record for a kernel's ``chk`` array, or None when nothing failed."""
    which = int(chk[K.CHK_WHICH])
    if which == K.A_NONE:
        return None
    line, function, expression = ASSERTIONS[which]
    off = int(chk[K.CHK_OFF])
    if off >= 0:
        y = 2 * off // wx
        x = 2 * off % wx + y % 2
    else:
        x = y = -1
    step = int(chk[K.CHK_STEP])
    return FairlandAssertion(line, function, expression, x, y,
                             step if step >= 0 else n_events, int(chk[K.CHK_ISLAND]), output)


def check_final(elev: np.ndarray, own: np.ndarray, nc: int, chk: np.ndarray) -> None:
    """The assertions of the steps after the kernel (resources and the map
    print-out), on the final elevations; records into ``chk`` like the
    kernels do."""
    if chk[K.CHK_WHICH] != K.A_NONE:
        return
    # elev_to_resource: every table starts at -127
    low = np.flatnonzero(elev < -127)
    if low.size:
        chk[:] = (K.A_RESOURCE, low[0], -1, -1)
        return
    # output(): a land sector that is neither mountain nor another island's
    # must belong to a continent
    bad = np.flatnonzero((elev >= K.LANDMIN) & (elev < K.HIGHMIN) & (own < 0))
    if bad.size:
        chk[:] = (K.A_OUTPUT, bad[0], -1, int(own[bad[0]]))


def stdout_left(text: str, *, tty: bool, bufsize: int = 4096) -> str:
    """What of ``text`` reaches standard output when the process aborts.

    glibc's stdout is line buffered on a terminal (complete lines are out)
    and fully buffered on a file or pipe: only full buffers were written;
    a buffer that is exactly full is not written until more comes."""
    if tty:
        return text[:text.rfind("\n") + 1]
    data = text.encode()
    if not data:
        return ""
    return data[:(len(data) - 1) // bufsize * bufsize].decode(errors="replace")
