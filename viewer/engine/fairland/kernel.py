"""fairland's algorithm as numba kernels, faithful to empserver's fairland.c.

The C program mutates a handful of global arrays; here they are one tuple of
numpy arrays, the *state*::

    own[off]       island number of sector ``off``, -1 for sea        (short)
    adj[off]       bit d set when the neighbour in direction d is land (uchar)
    xzone[off]     exclusive zone: island number, -1 none, -2 several  (short)
    closest[off]   closest continent (natid; 255 = no single one)      (uchar)
    distance[off]  BFS distance, see init_spheres_of_influence         (ushort)
    elev[off]      elevation                                           (short)
    isecs[c]       number of sectors of island c
    head/tail[c]   first/last sector of island c; nxt/prv[off] link an
                   island's sectors in the order they were added (fairland's
                   ``sect[c][i]``, kept in O(world) memory)
    capx/capy[c]   capital of continent c
    bfsq[]         the BFS queue

Every change to the state goes through :func:`apply_event`, and the
generator logs each event it applies (four int32: kind, a, b, c).  Replaying
the log with :func:`replay` rebuilds the state at any step, without random
numbers, which is what the trace does.  Random choices are made exactly as
fairland makes them: MT19937 seeded with ``init_genrand`` and ``roll0``.

Sector offsets follow Empire's XYOFFSET: ``(y * WORLD_X + x) // 2``.

Assertions: empserver's default build compiles fairland.c's ``assert`` checks in.
The kernels test each of them where fairland.c does (one comparison each)
and record the first that fails in ``chk`` (see ``CHK_*``) without stopping,
so the run goes on as a ``-DNDEBUG`` build's would.  The assertion numbers
``A_*`` index :data:`.assertions.ASSERTIONS`.
"""

from __future__ import annotations

import numpy as np

from .. import jit
from ..jit import njit
from ..protocol import PHASE, STOP  # the cancel flag's slots
from .resources import HIGHMIN, LANDMIN  # the one definition

# Direction offsets, indexed by Empire's direction number (1..6 used).
DX = np.array([0, 1, 2, 1, -1, -2, -1], dtype=np.int64)
DY = np.array([0, -1, 0, 1, 1, 0, -1], dtype=np.int64)

PLATMIN = 36
NUMTRIES = 10
ALL_LAND = 0x7E
NO_CLOSEST = 255
POPCOUNT = np.array([bin(i).count("1") for i in range(256)], dtype=np.int64)
# SEA_DIRS[a, :N_SEA[a]]: the directions d (1..6, ascending) whose bit is clear
# in an ``adj`` value a: a loop over a sector's sea sides without a branch per side.
N_SEA = np.array([sum(1 for d in range(1, 7) if not a & (1 << d)) for a in range(128)],
                 dtype=np.int64)
SEA_DIRS = np.array([[d for d in range(1, 7) if not a & (1 << d)] + [0] * (6 - int(N_SEA[a]))
                     for a in range(128)], dtype=np.int64)
INT_MAX = 2147483647
USHRT_MAX = 65535

# st[] layout (see the module docstring)
(OWN, ADJ, XZONE, CLOSEST, DISTANCE, ELEV, ISECS, HEAD, TAIL, NXT, PRV, CAPX, CAPY, BFSQ,
 NBR) = range(15)

ATTEMPT = 2  # the cancel flag's slot holding the try under way

# conf[] layout
C_WX, C_WY, C_NC, C_SC, C_NI, C_IS, C_SP, C_PM, C_DI, C_ID, C_DISTINCT = range(11)
CONF_LEN = 11

# Event kinds
(EV_PHASE, EV_INIT, EV_CAPS_INIT, EV_CAP_MOVE, EV_XZONE_INIT, EV_ISL_RESET,
 EV_ADD, EV_REMOVE, EV_SPHERES, EV_DIST_COAST, EV_HILL, EV_ELEV_ISLAND,
 EV_ELEV_SEA) = range(13)

# Phases (EV_PHASE a)
PH_DRIFT, PH_CONTINENTS, PH_ISLANDS, PH_ELEVATE, PH_RESOURCES = range(5)

# Messages the C program prints with qprint during the tries
(MSG_TRY, MSG_PLACING, MSG_UNSTABLE, MSG_GROWING_CONT, MSG_NO_ROOM_CONT,
 MSG_ONLY_GREW, MSG_GROWING_ISL, MSG_NO_ROOM_ISL, MSG_ISL_SIZE, MSG_ISL_END,
 MSG_ONLY_ISL) = range(11)

# Return codes of generate()
RC_OK, RC_TOO_MUCH_LAND, RC_NO_ROOM_CAPITALS = range(3)

# The assertions of fairland.c, numbered as in assertions.ASSERTIONS (0 = none)
(A_NONE, A_XZONE_OK, A_BFS_DIST, A_BFS_QUEUE, A_BFS_RUN, A_ADD_OWN, A_GROW_WEIGHT,
 A_SEEN_MAX, A_SEEN, A_WSUM, A_PLACE_DIST, A_ISECS, A_RESOURCE, A_OUTPUT) = range(14)
# chk[] layout: which assertion failed first, at which sector offset (-1:
# none), at which step of the event log (the event being applied is
# events[step - 1]; -1 until the step is known), and the island concerned.
CHK_WHICH, CHK_OFF, CHK_STEP, CHK_ISLAND = range(4)
CHK_LEN = 4
UINT_MAX = 4294967295


def materialize() -> None:
    """Make every kernel of this module a numba dispatcher now (see :mod:`viewer.engine.jit`)."""
    jit.materialize(__name__)


JIT = dict(nogil=True, cache=True)
# Small helpers called in the hot loops, and the functions called per
# event or per random draw: numba does not inline calls between separately
# compiled functions, and a call costs more than their bodies (above all
# the atomic reference counting of every array passed, the state's fifteen
# included).
INLINE = dict(nogil=True, cache=True, inline="always")


# ---------------------------------------------------------------------------
# MT19937 (mt19937ar) and roll0, as empserver's chance.c uses them.
# rng[0:624] is the state, rng[624] the index.

@njit(**JIT)
def rng_seed(seed):
    rng = np.empty(625, dtype=np.int64)
    rng[0] = seed & 0xFFFFFFFF
    for i in range(1, 624):
        prev = rng[i - 1]
        rng[i] = (1812433253 * (prev ^ (prev >> 30)) + i) & 0xFFFFFFFF
    rng[624] = 624
    return rng


@njit(**INLINE)
def mt_regenerate(rng):
    """mt19937ar's regeneration of the 624 words, its three loops."""
    for k in range(227):
        y = (rng[k] & 0x80000000) | (rng[k + 1] & 0x7FFFFFFF)
        rng[k] = rng[k + 397] ^ (y >> 1) ^ (0x9908B0DF * (y & 1))
    for k in range(227, 623):
        y = (rng[k] & 0x80000000) | (rng[k + 1] & 0x7FFFFFFF)
        rng[k] = rng[k - 227] ^ (y >> 1) ^ (0x9908B0DF * (y & 1))
    y = (rng[623] & 0x80000000) | (rng[0] & 0x7FFFFFFF)
    rng[623] = rng[396] ^ (y >> 1) ^ (0x9908B0DF * (y & 1))
    rng[624] = 0


@njit(**INLINE)
def genrand_int32(rng):
    if rng[624] >= 624:
        mt_regenerate(rng)
    y = rng[rng[624]]
    rng[624] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y


@njit(**INLINE)
def roll0(rng, n):
    """A number in [0, n) by rejection from the next power of two.

    empserver's roll0 keeps the draw in a C ``int``.  For n = 0 (fairland
    calls roll0(0) when spiking and the first candidate sector is enclosed
    by land, so its weight is 0) the mask is all ones and the loop ends at
    the first draw with bit 31 set, returning it as a negative int."""
    if n == 0:
        while True:
            r = genrand_int32(rng)
            if r >= 2147483648:
                return r - 4294967296
    # the next power of two >= n, less one: n - 1 with every lower bit set
    m = n - 1
    m |= m >> 1
    m |= m >> 2
    m |= m >> 4
    m |= m >> 8
    m |= m >> 16
    m |= m >> 32
    while True:
        r = genrand_int32(rng) & m
        if r < n:
            return r


@njit(**INLINE)
def assert_failed(chk, which, off, c):
    """Record assertion ``which`` unless an earlier one failed already."""
    if chk[CHK_WHICH] == A_NONE:
        chk[CHK_WHICH] = which
        chk[CHK_OFF] = off
        chk[CHK_STEP] = -1
        chk[CHK_ISLAND] = c


def new_check() -> np.ndarray:
    """A fresh ``chk`` array: no assertion failed."""
    return np.zeros(CHK_LEN, np.int64)


# ---------------------------------------------------------------------------
# Geometry

@njit(**INLINE)
def fill(a, v):
    # (a loop: slice assignment costs seconds of compile time per array type)
    for i in range(a.shape[0]):
        a[i] = v


@njit(**INLINE)
def xyoff(wx, x, y):
    return (y * wx + x) // 2


@njit(**INLINE)
def wrap(v, n):
    """v mod n for v in [-n, 2n)."""
    if v >= n:
        return v - n
    if v < 0:
        return v + n
    return v


@njit(**INLINE)
def mapdist(wx, wy, x1, y1, x2, y2):
    dx = abs(x1 - x2)
    if dx >= wx:
        dx %= wx
    if dx > wx // 2:
        dx = wx - dx
    dy = abs(y1 - y2)
    if dy >= wy:
        dy %= wy
    if dy > wy // 2:
        dy = wy - dy
    if dx > dy:
        return dy + (dx - dy) // 2
    return dy


@njit(**JIT)
def neighbours(wx, wy):
    """nbr[off, d]: the sector next to ``off`` in direction d (1..6)."""
    sz = wx * wy // 2
    nbr = np.zeros((sz, 7), np.int32)
    for off in range(sz):
        y = (2 * off) // wx
        x = (2 * off) % wx + y % 2
        nbr[off, 0] = off
        for d in range(1, 7):
            nbr[off, d] = xyoff(wx, wrap(x + DX[d], wx), wrap(y + DY[d], wy))
    return nbr


N_MUTABLE = 13  # st[:N_MUTABLE] is what a step changes; bfsq is scratch, nbr fixed


def new_state(wx: int, wy: int, nc: int, ni: int, nbr: np.ndarray | None = None):
    """Fresh state arrays for a world (see the module docstring)."""
    sz = wx * wy // 2
    if nbr is None:
        nbr = neighbours(wx, wy)
    return (
        np.full(sz, -1, np.int16),          # own
        np.zeros(sz, np.uint8),             # adj
        np.full(sz, -1, np.int16),          # xzone
        np.full(sz, NO_CLOSEST, np.uint8),  # closest
        np.full(sz, USHRT_MAX, np.uint16),  # distance
        np.zeros(sz, np.int16),             # elev
        np.zeros(nc + ni, np.int32),        # isecs
        np.zeros(nc + ni, np.int32),        # head
        np.zeros(nc + ni, np.int32),        # tail
        np.zeros(sz, np.int32),             # nxt
        np.zeros(sz, np.int32),             # prv
        np.zeros(nc, np.int32),             # capx
        np.zeros(nc, np.int32),             # capy
        np.zeros(sz, np.int32),             # bfsq
        nbr,
    )


def copy_state(st):
    return tuple(a.copy() for a in st)


# ---------------------------------------------------------------------------
# Exclusive zones

@njit(**INLINE)
def xzone_mark(xzone, lo, hi, c):
    """Visit offsets [lo, hi) for c's zone: an unclaimed sector becomes c's,
    one of another island -2 (fairland's rule; as in C, ``c`` is stored in
    a short and compared as an int)."""
    cz = np.int16(c)
    for o in range(lo, hi):
        v = xzone[o]
        xzone[o] = cz if v == -1 else (v if np.int64(v) == c else np.int16(-2))


@njit(**INLINE)
def xzone_run(xzone, base, half, i0, n, c):
    """Visit n sectors of the row starting at ``base``, from index i0 on,
    wrapping around the row (as often as n requires)."""
    while n > 0:
        m = min(n, half - i0)
        xzone_mark(xzone, base + i0, base + i0 + m, c)
        n -= m
        i0 = 0


@njit(**INLINE)
def xzone_around_sector(conf, xzone, c, x, y, dist, chk):
    """Add the sectors within ``dist`` of x,y to c's exclusive zone.

    fairland walks the hexagon ring by ring; here it is walked row by row
    (within ``dist`` means |dy| <= dist and |dx| <= 2 * dist - |dy|), each
    row a run of consecutive offsets, visiting every sector as often as the
    rings do (a large zone on a small world overlaps itself).  Each
    sector's result depends only on how often it is visited, not on the
    order, so the zones are fairland's."""
    wx = conf[C_WX]
    wy = conf[C_WY]
    off0 = xyoff(wx, x, y)
    xz = xzone[off0]
    if xz != c and xz != -1:  # assert(xzone_ok(c, x, y))
        assert_failed(chk, A_XZONE_OK, off0, c)
    xzone[off0] = c
    half = wx // 2
    for dy in range(-dist, dist + 1):
        base = ((y + dy) % wy) * half
        if dy == 0:  # the rings leave out x,y itself
            xzone_run(xzone, base, half, ((x - 2 * dist) % wx) // 2, dist, c)
            xzone_run(xzone, base, half, ((x + 2) % wx) // 2, dist, c)
        else:
            w = 2 * dist - abs(dy)  # sectors x - w, x - w + 2, ..., x + w
            xzone_run(xzone, base, half, ((x - w) % wx) // 2, w + 1, c)


@njit(**JIT)
def xzone_init(conf, st, n, chk):
    xzone = st[XZONE]
    isecs = st[ISECS]
    head = st[HEAD]
    nxt = st[NXT]
    wx = conf[C_WX]
    fill(xzone, -1)
    for c in range(n):
        s = head[c]
        for _ in range(isecs[c]):
            xzone_around_sector(conf, xzone, c, (2 * s) % wx + ((2 * s) // wx) % 2,
                                (2 * s) // wx, conf[C_ID], chk)
            s = nxt[s]


# ---------------------------------------------------------------------------
# Breadth-first search for spheres of influence and distance to coast

@njit(**INLINE)
def bfs_enqueue(closest, distance, bfsq, qstate, c, off, dist, chk):
    if not dist < distance[off]:
        assert_failed(chk, A_BFS_DIST, off, c)
    closest[off] = c & 0xFF
    distance[off] = dist
    bfsq[qstate[1]] = off
    qstate[1] += 1
    if qstate[1] >= bfsq.shape[0]:
        qstate[1] = 0
    if qstate[1] == qstate[0]:
        assert_failed(chk, A_BFS_QUEUE, off, c)


@njit(**JIT)
def bfs_run_queue(conf, st, qstate, chk):
    closest = st[CLOSEST]
    distance = st[DISTANCE]
    bfsq = st[BFSQ]
    nbr = st[NBR]
    sz = bfsq.shape[0]
    # (the queue's ends in locals while it runs: bfs_enqueue's steps written out)
    qhead, qtail = qstate[0], qstate[1]
    while qhead != qtail:
        off = bfsq[qhead]
        qhead += 1
        if qhead >= sz:
            qhead = 0
        dist = np.int64(distance[off]) + 1
        c = closest[off]
        for d in range(1, 7):
            noff = nbr[off, d]
            dn = np.int64(distance[noff])
            if dist < dn:
                closest[noff] = c
                distance[noff] = dist
                bfsq[qtail] = noff
                qtail += 1
                if qtail >= sz:
                    qtail = 0
                if qtail == qhead:
                    assert_failed(chk, A_BFS_QUEUE, noff, np.int64(c))
            elif dn == dist:
                if c != closest[noff]:
                    closest[noff] = NO_CLOSEST
            elif not dn < dist:
                assert_failed(chk, A_BFS_RUN, noff, -1)
    qstate[0], qstate[1] = qhead, qtail


@njit(**JIT)
def bfs_init(st, qstate):
    closest = st[CLOSEST]
    distance = st[DISTANCE]
    fill(closest, NO_CLOSEST)
    fill(distance, USHRT_MAX)
    qstate[0] = 0
    qstate[1] = 0


@njit(**JIT)
def bfs_enqueue_island(st, qstate, c, chk):
    adj = st[ADJ]
    closest = st[CLOSEST]
    distance = st[DISTANCE]
    isecs = st[ISECS]
    head = st[HEAD]
    nxt = st[NXT]
    bfsq = st[BFSQ]
    s = head[c]
    for _ in range(isecs[c]):
        if adj[s] != ALL_LAND:
            bfs_enqueue(closest, distance, bfsq, qstate, c, s, 0, chk)
        s = nxt[s]


@njit(**JIT)
def init_spheres_of_influence(conf, st, chk):
    own = st[OWN]
    closest = st[CLOSEST]
    distance = st[DISTANCE]
    bfsq = st[BFSQ]
    nbr = st[NBR]
    idd = conf[C_ID]
    qstate = np.zeros(2, np.int64)
    bfs_init(st, qstate)
    for c in range(conf[C_NC]):
        bfs_enqueue_island(st, qstate, c, chk)
    bfs_run_queue(conf, st, qstate, chk)
    # enqueue the borders of the spheres of influence
    # (sector-id order is fairland's y-major scan)
    for off in range(own.shape[0]):
        if distance[off] <= idd + 1:
            continue
        if closest[off] == NO_CLOSEST:
            continue
        for d in range(1, 7):
            noff = nbr[off, d]
            if closest[noff] != closest[off]:
                bfs_enqueue(closest, distance, bfsq, qstate, np.int64(closest[off]), off,
                            idd + 1, chk)
                break
    bfs_run_queue(conf, st, qstate, chk)


@njit(**JIT)
def init_distance_to_coast(conf, st, chk):
    qstate = np.zeros(2, np.int64)
    bfs_init(st, qstate)
    for c in range(conf[C_NC] + conf[C_NI]):
        bfs_enqueue_island(st, qstate, c, chk)
    bfs_run_queue(conf, st, qstate, chk)


# ---------------------------------------------------------------------------
# Islands

@njit(**INLINE)
def adj_land_update(own, adj, nbr, off):
    is_land = own[off] != -1
    for d in range(1, 7):
        noff = nbr[off, d]
        back = d - 3 if d >= 4 else d + 3
        if is_land:
            adj[noff] |= np.uint8(1 << back)
        else:
            adj[noff] &= np.uint8(~(1 << back) & 0xFF)


@njit(**INLINE)
def zone_distance(conf, c):
    """How far island c's exclusive zone reaches around each of its sectors."""
    if c < conf[C_NC]:
        return conf[C_DI]
    if conf[C_DISTINCT]:
        return conf[C_ID]
    return 0


@njit(**INLINE)
def add_sector(conf, st, c, x, y, chk):
    own = st[OWN]
    adj = st[ADJ]
    xzone = st[XZONE]
    isecs = st[ISECS]
    head = st[HEAD]
    tail = st[TAIL]
    nxt = st[NXT]
    prv = st[PRV]
    nbr = st[NBR]
    off = xyoff(conf[C_WX], x, y)
    if own[off] != -1:
        assert_failed(chk, A_ADD_OWN, off, c)
    xzone_around_sector(conf, xzone, c, x, y, zone_distance(conf, c), chk)
    if isecs[c] == 0:
        head[c] = off
    else:
        nxt[tail[c]] = off
        prv[off] = tail[c]
    tail[c] = off
    isecs[c] += 1
    own[off] = c
    adj_land_update(own, adj, nbr, off)


@njit(**JIT)
def remove_last_sector(conf, st, c):
    own = st[OWN]
    adj = st[ADJ]
    isecs = st[ISECS]
    tail = st[TAIL]
    prv = st[PRV]
    nbr = st[NBR]
    off = tail[c]
    isecs[c] -= 1
    tail[c] = prv[off]
    own[off] = -1
    adj_land_update(own, adj, nbr, off)


# ---------------------------------------------------------------------------
# Elevation

@njit(**JIT)
def raise_hill(conf, elev, off0, sign, r):
    """Raise (sign 1) or lower (sign -1) a hill of radius r; return the
    number of sectors it touched, as elevate_prep counts them."""
    return hill(conf[C_WX], conf[C_WY], elev, off0, sign, r)


@njit(**INLINE)
def hill(wx, wy, elev, off0, sign, r):
    """raise_hill with the world size as numbers (no array but elev)."""
    y0 = (2 * off0) // wx
    x0 = (2 * off0) % wx + y0 % 2
    e = np.int64(elev[off0]) + sign * r * r
    elev[off0] = min(max(e, -32768), 32767)
    n = 1
    for d in range(1, r):
        x1 = (x0 - 2 * d) % wx
        y1 = y0
        for dr in range(1, 7):
            for _ in range(d):
                off1 = xyoff(wx, x1, y1)
                e = np.int64(elev[off1]) + sign * (r * r - d * d)
                elev[off1] = min(max(e, -32768), 32767)
                n += 1
                x1 = wrap(x1 + DX[dr], wx)
                y1 = wrap(y1 + DY[dr], wy)
    return n


@njit(**JIT)
def elevate_island(conf, st, c):
    elev = st[ELEV]
    isecs = st[ISECS]
    head = st[HEAD]
    nxt = st[NXT]
    nc = conf[C_NC]
    pm = conf[C_PM]
    max_nm = (pm * max(conf[C_SC], conf[C_IS] * 2)) // 100
    nm = (pm * isecs[c]) // 100
    i0 = 2 if c < nc else 0
    n = isecs[c] - i0
    s = head[c]
    for _ in range(i0):
        elev[s] = PLATMIN
        s = nxt[s]
    if n <= 0:
        return
    keys = np.empty(n, np.int64)
    for i in range(n):
        # qsort by (raw elevation, offset): a total order, so any sort agrees
        keys[i] = (np.int64(elev[s]) + 32768) * 4294967296 + s
        s = nxt[s]
    keys.sort()
    offs = np.empty(n, np.int64)
    for i in range(n):
        offs[i] = keys[i] % 4294967296
    elevation = float(LANDMIN)
    if n - nm - 1 != 0:
        delta = float(HIGHMIN - LANDMIN - 1) / (n - nm - 1)
    else:
        delta = np.inf
    i = 0
    while i < n - nm:
        elev[offs[i]] = int(elevation + 0.5)
        elevation += delta
        i += 1
    elevation = float(HIGHMIN)
    delta = (127.0 - HIGHMIN) / max_nm if max_nm else np.inf
    while i < n:
        elevation += delta
        elev[offs[i]] = int(elevation + 0.5)
        i += 1


@njit(**JIT)
def elevate_sea(elev):
    lowest = 0
    for i in range(elev.shape[0]):
        if elev[i] < lowest:
            lowest = elev[i]
    for i in range(elev.shape[0]):
        if elev[i] < 0:
            # C: -1 - 126 * elev / min, both operands negative: quotient >= 0
            elev[i] = -1 - (126 * np.int64(elev[i])) // lowest


# ---------------------------------------------------------------------------
# Applying and replaying events

@njit(**JIT)
def apply_event(conf, st, chk, kind, a, b, c):
    own = st[OWN]
    adj = st[ADJ]
    elev = st[ELEV]
    isecs = st[ISECS]
    capx = st[CAPX]
    capy = st[CAPY]
    if kind == EV_INIT:
        fill(own, -1)
        fill(adj, 0)
    elif kind == EV_CAPS_INIT:
        wx = conf[C_WX]
        for i in range(conf[C_NC]):
            capy[i] = (2 * i) // wx
            capx[i] = (2 * i) % wx + capy[i] % 2
    elif kind == EV_CAP_MOVE:
        capx[a] = b
        capy[a] = c
    elif kind == EV_XZONE_INIT:
        xzone_init(conf, st, a, chk)
    elif kind == EV_ISL_RESET:
        isecs[a] = 0
    elif kind == EV_ADD:
        add_sector(conf, st, a, b, c, chk)
    elif kind == EV_REMOVE:
        remove_last_sector(conf, st, a)
    elif kind == EV_SPHERES:
        init_spheres_of_influence(conf, st, chk)
    elif kind == EV_DIST_COAST:
        init_distance_to_coast(conf, st, chk)
    elif kind == EV_HILL:
        raise_hill(conf, elev, a, b, c)
    elif kind == EV_ELEV_ISLAND:
        elevate_island(conf, st, a)
    elif kind == EV_ELEV_SEA:
        elevate_sea(elev)


@njit(**JIT)
def replay(conf, st, ev, start, stop):
    chk = np.zeros(CHK_LEN, np.int64)  # the run itself recorded the assertions
    for k in range(start, stop):
        apply_event(conf, st, chk, ev[k, 0], ev[k, 1], ev[k, 2], ev[k, 3])


@njit(**JIT)
def _grown(buf, n):
    """``buf`` twice as long, its first n rows copied."""
    bigger = np.empty((buf.shape[0] * 2, 4), np.int32)
    for i in range(n):
        for j in range(4):
            bigger[i, j] = buf[i, j]
    return bigger


@njit(**INLINE)
def _push(buf, cnt, kind, a, b, c):
    n = cnt[0]
    if n >= buf.shape[0]:
        buf = _grown(buf, n)
    buf[n, 0] = kind
    buf[n, 1] = a
    buf[n, 2] = b
    buf[n, 3] = c
    cnt[0] = n + 1
    return buf


@njit(**INLINE)
def _put(buf, cnt, kind, a, b, c):
    """_push into a buffer the caller has made room in (no new buffer to
    return: reassigning ``ev`` at every event costs two atomic reference
    counts, so the hot loops grow it only when full, then put)."""
    n = cnt[0]
    buf[n, 0] = kind
    buf[n, 1] = a
    buf[n, 2] = b
    buf[n, 3] = c
    cnt[0] = n + 1


@njit(**INLINE)
def _add_step(conf, st, chk, ev, cnt, c, x, y):
    """_step for EV_ADD without the dispatch of apply_event (an island's
    first sectors; :func:`grow_round` adds the others)."""
    if cnt[0] >= ev.shape[0]:
        ev = _grown(ev, cnt[0])
    _put(ev, cnt, EV_ADD, c, x, y)
    add_sector(conf, st, c, x, y, chk)
    if chk[CHK_STEP] < 0:
        chk[CHK_STEP] = cnt[0]
    return ev


@njit(**JIT)
def _step(conf, st, chk, ev, cnt, kind, a, b, c):
    ev = _push(ev, cnt, kind, a, b, c)
    apply_event(conf, st, chk, kind, a, b, c)
    if chk[CHK_STEP] < 0:
        chk[CHK_STEP] = cnt[0]
    return ev


# ---------------------------------------------------------------------------
# Decisions: each looks at the state and draws random numbers, but changes
# nothing; the caller applies what it decided as an event.

@njit(**INLINE)
def capdist(wx, wy, x1, y1, x2, y2):
    """mapdist for coordinates already in the world (no wrapping of the
    difference needed), without branches so that loops over it vectorise."""
    dx = abs(np.int64(x1) - x2)
    dx = min(dx, wx - dx)
    dy = abs(np.int64(y1) - y2)
    dy = min(dy, wy - dy)
    return dy + (max(dx - dy, 0) >> 1)


@njit(**INLINE)
def iso(conf, capx, capy, j, newx, newy):
    """The distance from newx,newy to the nearest capital other than j's
    (one loop, j's own distance left out by a select: it vectorises)."""
    wx = conf[C_WX]
    wy = conf[C_WY]
    d = INT_MAX
    for i in range(conf[C_NC]):
        e = capdist(wx, wy, capx[i], capy[i], newx, newy)
        d = min(d, e if i != j else INT_MAX)
    return d


@njit(**INLINE)
def fl_move_target(conf, rng, capx, capy, j):
    """Where capital j drifts to, or (-1, -1) when it stays."""
    wx = conf[C_WX]
    wy = conf[C_WY]
    dr = 5 + roll0(rng, 6)
    here = iso(conf, capx, capy, j, capx[j], capy[j])
    for _ in range(6):
        if dr > 6:
            dr -= 6
        newx = wrap(capx[j] + DX[dr], wx)
        newy = wrap(capy[j] + DY[dr], wy)
        dr += 1
        if iso(conf, capx, capy, j, newx, newy) >= here:
            return newx, newy
    return -1, -1


@njit(**INLINE)
def can_grow_at(nc, own, xzone, closest, c, off):
    if own[off] != -1:
        return False
    xz = xzone[off]
    if xz != c and xz != -1:
        return False
    # (written without ``a or b``: numba compiles that value to a slow path)
    if c < nc:
        return True
    return np.int64(closest[off]) == c % nc


@njit(**JIT)
def grow_round(conf, rng, own, adj, xzone, closest, isecs, head, tail, nxt, prv, nbr, seen,
               seen_ctr, chk, ev, cnt, c0, secs, limit):
    """Grow islands c0 .. c0 + NC - 1 one sector each in turn, as fairland's
    loops over grow_one_sector do, until they have ``limit`` sectors or a
    round in which one of them could not grow; ``secs`` is the sectors each
    has.  Returns (done, secs, ev) as those loops leave them.

    One function for the whole loop, its steps written out in it (the
    choice of grow_one_sector, then add_sector's work): numba counts the
    references of every array handed to a function it inlines, twice a
    call, and these are the run's hottest steps (a step hands a dozen).

    Each island's sectors are walked in the order they were added, as
    fairland walks them, but only those with sea around them: a sector
    with land on all six sides offers nothing and draws no random number,
    and stays so while the round grows (no sector is removed in it), so it
    leaves the island's list of coastal sectors (``cnext``) when a walk
    meets it."""
    nc = conf[C_NC]
    wx = conf[C_WX]
    cnext = np.empty(own.shape[0], np.int32)   # the next coastal sector of the island, -1: none
    chead = np.full(nc, -1, np.int64)
    ctail = np.full(nc, -1, np.int64)
    for j in range(nc):
        s = head[c0 + j]
        for _ in range(isecs[c0 + j]):
            _append_coastal(cnext, chead, ctail, j, s)
            s = nxt[s]
    done = True
    while secs < limit and done:
        for c in range(c0, c0 + nc):
            j = c - c0
            # grow_one_sector's choice for island c
            spike = roll0(rng, 100) < conf[C_SP]
            continent = c < nc
            cmod = c % nc
            if not seen_ctr[0] < UINT_MAX:
                assert_failed(chk, A_SEEN_MAX, -1, c)
            seen_ctr[0] += 1
            cur = seen_ctr[0]
            wsum = 0
            newoff = -1
            prev = -1
            s = chead[j]
            while s >= 0:
                a = adj[s]
                after = cnext[s]
                if a == ALL_LAND:   # inland now, and for the rest of the round
                    if prev < 0:
                        chead[j] = after
                    else:
                        cnext[prev] = after
                    if ctail[j] == s:
                        ctail[j] = prev
                    s = after
                    continue
                # the sides at sea, in fairland's order
                for k in range(N_SEA[a]):
                    noff = nbr[s, SEA_DIRS[a, k]]
                    was = seen[noff]
                    if was > cur:
                        assert_failed(chk, A_SEEN, noff, c)
                    seen[noff] = cur        # (again when seen: the same value)
                    # one branch for fairland's tests: not seen this turn, and
                    # can_grow_at (its three tests as one value)
                    xz = np.int64(xzone[noff])
                    ok = ((was != cur) & (own[noff] == -1) & ((xz == c) | (xz == -1))
                          & (continent | (np.int64(closest[noff]) == cmod)))
                    if not ok:
                        continue
                    n = POPCOUNT[adj[noff]]
                    if not (n > 0 and n < 7):
                        assert_failed(chk, A_GROW_WEIGHT, noff, c)
                    if spike:
                        w = (6 - n) * (6 - n)
                    else:
                        w = n * n * n
                    if not wsum < INT_MAX - w:
                        assert_failed(chk, A_WSUM, noff, c)
                    wsum += w
                    if roll0(rng, wsum) < w:
                        newoff = noff
                prev = s
                s = after
            if wsum == 0:
                done = False
                continue
            # the event, then add_sector's work
            y = (2 * newoff) // wx
            x = (2 * newoff) % wx + y % 2
            if cnt[0] >= ev.shape[0]:
                ev = _grown(ev, cnt[0])
            _put(ev, cnt, EV_ADD, c, x, y)
            off = xyoff(wx, x, y)
            if own[off] != -1:
                assert_failed(chk, A_ADD_OWN, off, c)
            xzone_around_sector(conf, xzone, c, x, y, zone_distance(conf, c), chk)
            if isecs[c] == 0:
                head[c] = off
            else:
                nxt[tail[c]] = off
                prv[off] = tail[c]
            tail[c] = off
            isecs[c] += 1
            own[off] = c
            adj_land_update(own, adj, nbr, off)
            cnext[off] = -1                 # (_append_coastal, written out: see above)
            if ctail[j] < 0:
                chead[j] = off
            else:
                cnext[ctail[j]] = off
            ctail[j] = off
            if chk[CHK_STEP] < 0:
                chk[CHK_STEP] = cnt[0]
        secs += 1
    return done, secs, ev


@njit(**INLINE)
def _append_coastal(cnext, chead, ctail, j, s):
    """Sector s at the end of island j's list of coastal sectors (grow_round's)."""
    cnext[s] = -1
    if ctail[j] < 0:
        chead[j] = s
    else:
        cnext[ctail[j]] = s
    ctail[j] = s


@njit(**JIT)
def closest_buckets(closest):
    """The sectors by their ``closest`` value, each bucket in sector-id
    order: bucket k is ``order[start[k]:start[k + 1]]``."""
    start = np.zeros(257, np.int64)
    for off in range(closest.shape[0]):
        start[np.int64(closest[off]) + 1] += 1
    for k in range(256):
        start[k + 1] += start[k]
    fill_at = start[:256].copy()
    order = np.empty(closest.shape[0], np.int32)
    for off in range(closest.shape[0]):
        k = np.int64(closest[off])
        order[fill_at[k]] = off
        fill_at[k] += 1
    return order, start


@njit(**INLINE)
def place_target(conf, rng, st, c, isiz, chk, order, start):
    """place_island's choice of island c's first sector, or (-1, -1).

    fairland scans the whole world in sector-id order; only sectors whose
    ``closest`` is c's continent can be chosen, and ``closest`` does not
    change while islands grow, so the scan runs over that bucket of
    :func:`closest_buckets` (in the same order) instead."""
    own, xzone, distance = st[OWN], st[XZONE], st[DISTANCE]
    nc = conf[C_NC]
    wx = conf[C_WX]
    idd = conf[C_ID]
    cap = (isiz + 2) // 3
    n = 0
    newoff = -1
    k = c % nc
    if k > 255:  # closest[] holds a byte: no sector matches
        return -1, -1
    for i in range(start[k], start[k + 1]):
        off = order[i]
        if own[off] != -1:
            continue
        xz = xzone[off]
        if xz != c and xz != -1:
            continue
        d = np.int64(distance[off])
        if not d > idd:
            assert_failed(chk, A_PLACE_DIST, off, c)
        w = (d - idd) * (d - idd)
        n += min(w, cap)
        if roll0(rng, n) < w:
            newoff = off
    if n == 0:
        return -1, -1
    newy = (2 * newoff) // wx
    return (2 * newoff) % wx + newy % 2, newy


# ---------------------------------------------------------------------------
# The phases

@njit(**JIT)
def drift(conf, rng, st, chk, ev, cnt):
    """Returns (stable, ev)."""
    capx = st[CAPX]
    capy = st[CAPY]
    nc = conf[C_NC]
    wx = conf[C_WX]
    wy = conf[C_WY]
    before_check = (wx + wy) // 2
    drift_max = (wx + wy) * 2
    ev = _step(conf, st, chk, ev, cnt, EV_CAPS_INIT, 0, 0, 0)
    mc = np.arange(4)
    for turns in range(drift_max):
        if turns > before_check:
            d = 0
            for i in range(nc):
                isod = iso(conf, capx, capy, i, capx[i], capy[i])
                if isod > d:
                    d = isod
            stab = True
            for i in range(4):
                if d != mc[i]:
                    stab = False
            mc[turns % 4] = d
            if stab:
                return True, ev
        for i in range(nc):
            nx, ny = fl_move_target(conf, rng, capx, capy, i)
            if nx >= 0:
                if cnt[0] >= ev.shape[0]:
                    ev = _grown(ev, cnt[0])
                _put(ev, cnt, EV_CAP_MOVE, i, nx, ny)
                capx[i] = nx
                capy[i] = ny
    return False, ev


@njit(**JIT)
def grow_continents(conf, rng, st, chk, seen, seen_ctr, ev, cnt, msg, mcnt):
    """Returns (done, ev, msg)."""
    capx = st[CAPX]
    capy = st[CAPY]
    wx = conf[C_WX]
    nc = conf[C_NC]
    sc = conf[C_SC]
    ev = _step(conf, st, chk, ev, cnt, EV_XZONE_INIT, 0, 0, 0)
    own, adj, xzone, closest, isecs = st[OWN], st[ADJ], st[XZONE], st[CLOSEST], st[ISECS]
    head, tail, nxt, prv, nbr = st[HEAD], st[TAIL], st[NXT], st[PRV], st[NBR]
    done = True
    for c in range(nc):
        ev = _step(conf, st, chk, ev, cnt, EV_ISL_RESET, c, 0, 0)
        x2 = (capx[c] + 2) % wx
        if (not can_grow_at(nc, own, xzone, closest, c, xyoff(wx, capx[c], capy[c]))
                or not can_grow_at(nc, own, xzone, closest, c, xyoff(wx, x2, capy[c]))):
            done = False
            continue
        ev = _add_step(conf, st, chk, ev, cnt, c, capx[c], capy[c])
        ev = _add_step(conf, st, chk, ev, cnt, c, x2, capy[c])
    if not done:
        msg = _push(msg, mcnt, MSG_NO_ROOM_CONT, 0, 0, cnt[0])
        return False, ev, msg
    done, secs, ev = grow_round(conf, rng, own, adj, xzone, closest, isecs, head, tail, nxt, prv,
                                nbr, seen, seen_ctr, chk, ev, cnt, 0, 2, sc)
    if not done:
        msg = _push(msg, mcnt, MSG_ONLY_GREW, secs - 1, sc, cnt[0])
    return done, ev, msg


@njit(**JIT)
def size_islands(conf, rng):
    nc = conf[C_NC]
    is_ = conf[C_IS]
    n = conf[C_NI] // nc
    isiz = np.zeros(max(n, 1), np.int64)
    isiz[0] = n * is_
    r1 = roll0(rng, is_)
    for i in range(1, n):
        r0 = r1
        r1 = roll0(rng, is_)
        isiz[i] = is_ + r1 - r0
        isiz[0] -= isiz[i]
    # qsort with int_cmp: largest first
    isiz.sort()
    out = np.empty(n, np.int64)
    for i in range(n):
        out[i] = isiz[isiz.shape[0] - 1 - i]
    return out


@njit(**JIT)
def grow_islands(conf, rng, st, chk, seen, seen_ctr, ev, cnt, msg, mcnt):
    """Returns (done, ev, msg)."""
    isecs = st[6]
    nc = conf[C_NC]
    is_ = conf[C_IS]
    island_size = size_islands(conf, rng)
    ev = _step(conf, st, chk, ev, cnt, EV_SPHERES, 0, 0, 0)
    order, start = closest_buckets(st[CLOSEST])
    own, adj, xzone, closest = st[OWN], st[ADJ], st[XZONE], st[CLOSEST]
    head, tail, nxt, prv, nbr = st[HEAD], st[TAIL], st[NXT], st[PRV], st[NBR]
    carry = 0
    for i in range(conf[C_NI] // nc):
        c = nc + i * nc
        ev = _step(conf, st, chk, ev, cnt, EV_XZONE_INIT, c, 0, 0)
        carry += island_size[i]
        isiz = min(2 * is_, carry)
        for j in range(nc):
            ev = _step(conf, st, chk, ev, cnt, EV_ISL_RESET, c + j, 0, 0)
            nx, ny = place_target(conf, rng, st, c + j, isiz, chk, order, start)
            if nx < 0:
                msg = _push(msg, mcnt, MSG_NO_ROOM_ISL, c - nc + j + 1, 0, cnt[0])
                return False, ev, msg
            ev = _add_step(conf, st, chk, ev, cnt, c + j, nx, ny)
        done, secs, ev = grow_round(conf, rng, own, adj, xzone, closest, isecs, head, tail, nxt,
                                    prv, nbr, seen, seen_ctr, chk, ev, cnt, c, 1, isiz)
        if not done:
            secs -= 1
            for j in range(nc):
                if isecs[c + j] != secs:
                    if isecs[c + j] - 1 != secs:  # assert(isecs[c + j] == secs)
                        assert_failed(chk, A_ISECS, -1, c + j)
                    ev = _step(conf, st, chk, ev, cnt, EV_REMOVE, c + j, 0, 0)
        for j in range(nc):
            msg = _push(msg, mcnt, MSG_ISL_SIZE, c - nc + j + 1, isecs[c + j], cnt[0])
        carry -= secs
    msg = _push(msg, mcnt, MSG_ISL_END, 0, 0, cnt[0])
    if carry:
        msg = _push(msg, mcnt, MSG_ONLY_ISL, is_ * conf[C_NI] - carry * nc, is_ * conf[C_NI],
                    cnt[0])
    return True, ev, msg


@njit(**JIT)
def create_elevations(conf, rng, st, chk, ev, cnt, cancel):
    """Hills, then each island's elevations; returns (cancelled, ev).
    ``cancel[STOP]`` is polled every few thousand hills and islands."""
    own = st[OWN]
    distance = st[DISTANCE]
    elev = st[ELEV]
    wx = conf[C_WX]
    wy = conf[C_WY]
    sz = own.shape[0]
    ev = _step(conf, st, chk, ev, cnt, EV_DIST_COAST, 0, 0, 0)
    n = sz * 8
    polls = 0
    while n > 0:
        polls += 1
        if polls & 4095 == 0 and cancel[STOP]:
            return True, ev
        off0 = roll0(rng, sz)
        dist = np.int64(distance[off0])
        if own[off0] == -1:
            r = 1 + roll0(rng, min(3, dist))
            sign = -1
        else:
            r = 1 + roll0(rng, min(3, dist) + 1)
            sign = 1
        if cnt[0] >= ev.shape[0]:
            ev = _grown(ev, cnt[0])
        _put(ev, cnt, EV_HILL, off0, sign, r)
        n -= hill(wx, wy, elev, off0, sign, r)
    for c in range(conf[C_NC] + conf[C_NI]):
        if c & 63 == 0 and cancel[STOP]:
            return True, ev
        ev = _step(conf, st, chk, ev, cnt, EV_ELEV_ISLAND, c, 0, 0)
    if cancel[STOP]:
        return True, ev
    ev = _step(conf, st, chk, ev, cnt, EV_ELEV_SEA, 0, 0, 0)
    return False, ev


@njit(**JIT)
def generate(conf, seed, st, ev, msg, cancel, chk):
    """Run fairland from the seeded generator to the elevations.

    ``cancel[STOP] != 0`` (set by another thread) stops the run between tries
    and phases.  Returns (rc, n_events, n_messages, ev, msg); rc is one of
    RC_OK, RC_TOO_MUCH_LAND, RC_NO_ROOM_CAPITALS, or -1 when cancelled.
    Each message's last field is the number of events logged before it was
    printed.  The first failed assertion is left in ``chk``.
    """
    rng = rng_seed(seed)
    cnt = np.zeros(1, np.int64)
    mcnt = np.zeros(1, np.int64)
    seen = np.zeros(st[OWN].shape[0], np.uint32)  # fairland.c's unsigned (half the cache)
    seen_ctr = np.zeros(1, np.int64)
    nc = conf[C_NC]
    done = False
    for attempt in range(NUMTRIES):
        if cancel[STOP]:
            return -1, cnt[0], mcnt[0], ev, msg
        ev = _step(conf, st, chk, ev, cnt, EV_INIT, 0, 0, 0)
        if attempt:
            msg = _push(msg, mcnt, MSG_TRY, attempt + 1, NUMTRIES, cnt[0])
        msg = _push(msg, mcnt, MSG_PLACING, 0, 0, cnt[0])
        ev = _push(ev, cnt, EV_PHASE, PH_DRIFT, attempt, 0)
        cancel[PHASE] = PH_DRIFT
        cancel[ATTEMPT] = attempt
        if 2 * (nc - 1) // conf[C_WX] >= conf[C_WY]:
            return RC_NO_ROOM_CAPITALS, cnt[0], mcnt[0], ev, msg
        stable, ev = drift(conf, rng, st, chk, ev, cnt)
        if not stable:
            msg = _push(msg, mcnt, MSG_UNSTABLE, 0, 0, cnt[0])
        if cancel[STOP]:
            return -1, cnt[0], mcnt[0], ev, msg
        msg = _push(msg, mcnt, MSG_GROWING_CONT, 0, 0, cnt[0])
        ev = _push(ev, cnt, EV_PHASE, PH_CONTINENTS, attempt, 0)
        cancel[PHASE] = PH_CONTINENTS
        done, ev, msg = grow_continents(conf, rng, st, chk, seen, seen_ctr, ev, cnt, msg, mcnt)
        if not done:
            continue
        if cancel[STOP]:
            return -1, cnt[0], mcnt[0], ev, msg
        msg = _push(msg, mcnt, MSG_GROWING_ISL, 0, 0, cnt[0])
        ev = _push(ev, cnt, EV_PHASE, PH_ISLANDS, attempt, 0)
        cancel[PHASE] = PH_ISLANDS
        done, ev, msg = grow_islands(conf, rng, st, chk, seen, seen_ctr, ev, cnt, msg, mcnt)
        if done:
            break
    if not done:
        return RC_TOO_MUCH_LAND, cnt[0], mcnt[0], ev, msg
    if cancel[STOP]:
        return -1, cnt[0], mcnt[0], ev, msg
    ev = _push(ev, cnt, EV_PHASE, PH_ELEVATE, 0, 0)
    cancel[PHASE] = PH_ELEVATE
    stopped, ev = create_elevations(conf, rng, st, chk, ev, cnt, cancel)
    if stopped:
        return -1, cnt[0], mcnt[0], ev, msg
    ev = _push(ev, cnt, EV_PHASE, PH_RESOURCES, 0, 0)
    cancel[PHASE] = PH_RESOURCES
    return RC_OK, cnt[0], mcnt[0], ev, msg
