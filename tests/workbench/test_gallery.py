"""The seed gallery without Qt: the next seeds, thumbnails made on a thread
of their own, each the map of its case, cancellable."""

from __future__ import annotations

import threading
import time

import numpy as np

from viewer import registry
from viewer.render.picture import picture
from viewer.workbench import Workbench
from viewer.workbench.gallery import THUMB_PIXELS, Case, GalleryRun, next_seeds, thumbnail

SMALL = {"nc": 2, "sc": 10, "ni": 2, "is": 5}


def test_next_seeds_of_each_kind():
    assert next_seeds(registry.declaration("fairland"), 4294967295, 3) == [0, 1, 2]
    nl = registry.declaration("numberlink")
    assert next_seeds(nl, "12345", 2) == ["12346", "12347"]
    assert next_seeds(nl, "abc", 2) == ["abc-1", "abc-2"]


def test_thumbnail_is_small_and_the_average_of_its_blocks():
    img = np.zeros((600, 300, 4), np.uint8)
    img[:, 150:] = 200
    t = thumbnail(img)
    assert max(t.shape[:2]) <= THUMB_PIXELS and t.shape[2] == 4
    assert t[0, 0, 0] == 0 and t[0, -1, 0] == 200


def test_each_thumbnail_is_its_cases_map_made_off_the_callers_thread():
    decl = registry.declaration("fairland")
    wb = Workbench("fairland")
    wb.set_values(SMALL)
    values = wb.validated()
    cases = [Case(values, s) for s in (3, 4, 5)]
    got, threads = [], set()
    run = GalleryRun(decl, cases, "own", wb.picture_options(),
                     lambda t: (got.append(t), threads.add(threading.get_ident())))
    assert run.wait(60)
    assert [t.index for t in got] == [0, 1, 2]
    assert threading.get_ident() not in threads          # made on the gallery's thread
    for t in got:
        wb.set_seed(t.case.seed)
        wb.request()
        whole = picture(wb.result, "own", wb.picture_options(), legend=False).rgba
        assert np.array_equal(t.rgba, thumbnail(whole))
        assert t.metrics == wb.metrics()


def test_a_refused_case_says_why_and_cancel_stops_the_rest():
    decl = registry.declaration("fairland")
    bad = dict(decl.validate(SMALL), ni=3)               # islands not a multiple of continents
    got = []
    run = GalleryRun(decl, [Case(bad, 1)] + [Case(decl.validate(SMALL), s)
                                             for s in range(2, 400)],
                     "own", {}, got.append)
    while not got:
        time.sleep(0.002)
    run.cancel()
    assert run.wait(30)
    assert got[0].rgba is None and got[0].error
    assert len(got) < 399
