"""Start-up does not silently make again a map that took more than a few
seconds: the window offers it (a banner and its button), and a quick one is
made as before."""

from __future__ import annotations

from window_waits import settle

from viewer.ui.main_window import MainWindow
from viewer.ui.settings import make_settings


def _window(qtbot):
    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    return w


def _last_map_took_62_s() -> None:
    s = make_settings()
    s.setValue("run_seconds", 62.0)
    s.sync()


def test_a_slow_last_map_is_offered_not_made(qtbot):
    _last_map_took_62_s()
    w = _window(qtbot)
    try:
        qtbot.wait(200)
        assert w.result is None and w.runs_done == 0 and not w.busy()
        assert "took 62 s" in w.banner.text() and w.banner.button.isVisible()
        assert not w.map_view.is_waiting()
        w.banner.button.click()                 # asked for: made
        settle(qtbot, w)
        assert w.result is not None and not w.banner.isVisible()
    finally:
        w.shutdown()


def test_a_quick_last_map_is_made_at_once_and_its_time_kept(qtbot):
    w = _window(qtbot)
    try:
        settle(qtbot, w)
        assert w.runs_done >= 1
        assert float(make_settings().value("run_seconds")) < 5
    finally:
        w.shutdown()


def _slow_map_shown(qtbot, monkeypatch, **values):
    """A window whose map counts as slow (any run over 0 s), settled and
    closed; its settings say the map took 62 s; returns the picture it showed."""
    import viewer.ui.main_window as mw

    monkeypatch.setattr(mw, "SLOW_START_S", 0.0)
    w = _window(qtbot)
    if values:
        settle(qtbot, w)
        w.workbench.set_values(values)
        w.request_generation()
    settle(qtbot, w, lambda: all(w.result.params[k] == v for k, v in values.items()))
    qtbot.waitUntil(lambda: w._picture_due is None, timeout=10_000)
    shown = w.map_view.rgba.copy()
    w.close()
    monkeypatch.setattr(mw, "SLOW_START_S", 5.0)
    _last_map_took_62_s()
    return shown


def test_a_slow_last_map_is_shown_from_its_picture_until_made_again(qtbot, monkeypatch):
    import os

    import numpy as np

    from viewer.formats.png import read_png
    from viewer.ui.last_picture import picture_path

    shown = _slow_map_shown(qtbot, monkeypatch, sp=40)
    s = make_settings()
    png = picture_path(s)
    assert os.path.dirname(png) == os.path.dirname(os.environ["MAPGEN_SETTINGS"])
    assert np.array_equal(read_png(png), shown)          # kept as the window drew it
    assert not [n for n in os.listdir(os.path.dirname(png)) if ".tmp" in n]
    w = _window(qtbot)
    try:
        qtbot.wait(200)
        assert w.result is None and w.runs_done == 0 and not w.busy()   # nothing made...
        assert np.array_equal(w.map_view.rgba, shown)                   # ... and shown
        text = w.banner.text()
        assert "last session's picture" in text and "took 62 s" in text and "seed" in text
        assert w.banner.button.text() == "Make it again" and w.banner.button.isVisible()
        assert not w.map_view.is_waiting()
        w.banner.button.click()                          # asked for: made, the note gone
        settle(qtbot, w)
        assert w.result is not None and w.result.params["sp"] == 40
        assert not w.banner.isVisible()
        assert np.array_equal(w.map_view.rgba, shown)    # the same map, now live
    finally:
        w.shutdown()


def test_a_kept_picture_of_another_map_is_not_shown(qtbot, monkeypatch):
    _slow_map_shown(qtbot, monkeypatch)
    s = make_settings()
    s.setValue("seed", "2")                  # the values remembered make another map
    s.sync()
    w = _window(qtbot)
    try:
        qtbot.wait(200)
        assert w.result is None and w.map_view.rgba is None
        assert "took 62 s" in w.banner.text() and "picture" not in w.banner.text()
    finally:
        w.shutdown()


def test_a_slow_map_comes_back_with_its_legend_and_names(qtbot, monkeypatch):
    """A TerraGenesis map with towns: the picture shown at start-up has the
    legend and the towns' names the map had."""
    import viewer.ui.main_window as mw

    monkeypatch.setattr(mw, "SLOW_START_S", 0.0)
    w = _window(qtbot)
    settle(qtbot, w)
    w.workbench.set_values({"size": (128, 128), "stop_after": "towns"}, of="tgp")
    w.set_generator("tgp")
    settle(qtbot, w, lambda: w.result.generator == "tgp"
           and w.result.params["stop_after"] == "towns")
    qtbot.waitUntil(lambda: w._picture_due is None, timeout=10_000)
    legend = w.legend.legend
    names = sorted(w.map_view.name_labels.names())
    letters = w.map_view.letters()
    assert legend is not None and legend.entries and len(names) > 2
    w.close()
    import viewer.ui.last_picture as lp
    from viewer.ui.settings import read_json
    note = read_json(make_settings(), lp.KEY)    # (thousands of names made every write slow)
    assert note["generator"] == "tgp" and "labels" not in note
    monkeypatch.setattr(mw, "SLOW_START_S", 5.0)
    _last_map_took_62_s()
    again = _window(qtbot)
    try:
        qtbot.wait(200)
        assert again.result is None and again.runs_done == 0
        assert "last session's picture" in again.banner.text()
        shown = again.legend.legend
        assert shown is not None and shown.title == legend.title
        assert [(n, tuple(c)) for n, c in shown.entries] == \
            [(n, tuple(c)) for n, c in legend.entries]
        assert again.legend.title_text() == legend.title
        assert sorted(again.map_view.name_labels.names()) == names
        assert again.map_view.letters() == letters
        assert "last session's picture" in again.timeline.caption.text()
    finally:
        again.shutdown()


def test_a_slow_maps_picture_is_written_off_the_gui_thread(qtbot, monkeypatch):
    """Encoding a large map's PNG took 0.7 s of the GUI thread: it is written
    on a thread, and the settings name it once it is there."""
    import threading

    import numpy as np

    import viewer.ui.last_picture as lp
    from viewer.formats.png import read_png

    threads = []
    write = lp.write_png

    def spy(path, rgba):
        threads.append(threading.current_thread())
        write(path, rgba)
    monkeypatch.setattr(lp, "write_png", spy)
    shown = _slow_map_shown(qtbot, monkeypatch, sp=30)
    assert threads and all(t is not threading.main_thread() for t in threads)
    s = make_settings()
    assert np.array_equal(read_png(lp.picture_path(s)), shown)
    from viewer.ui.settings import read_json
    noted = read_json(s, lp.KEY)                          # named once written
    assert noted["generator"] == "fairland" and noted["params"]["sp"] == 30


def test_kept_labels_of_another_map_are_not_drawn(qtbot, tmp_path):
    """The labels' file beside the picture is read only for the map it names."""
    import viewer.ui.last_picture as lp
    from viewer.engine.protocol import Marker

    s = make_settings()
    mine = lp._identity("tgp", {"size": [64, 64]}, 7)
    labels = (Marker("town", "Fuzzwick", 3, 4), Marker("L", "L", 9, 9))
    with open(lp.labels_path(s), "w", encoding="utf-8") as f:
        f.write("".join(lp._labels_json(mine, labels)))
    assert lp._read_labels(s, mine) == labels
    assert lp._read_labels(s, mine | {"seed": "8"}) == ()
    with open(lp.labels_path(s), "w", encoding="utf-8") as f:
        f.write("{not json")
    assert lp._read_labels(s, mine) == ()


def test_a_runs_aftermath_waits_a_turn_and_is_not_lost_at_close(qtbot):
    """A finished run's values for the next session (and a slow map's
    picture) are written a turn after its map arrived, not in the same pass
    as the arrival and its first paint; the window is busy until then, and
    closing it first still writes them."""
    from viewer.workbench import events as ev

    w = _window(qtbot)
    settle(qtbot, w)
    first = w.result
    at_finish: list[tuple[str, bool]] = []
    w.workbench.events.connect(ev.RunFinished, lambda _e: at_finish.append(
        (str(make_settings().value("seed")), w.busy())))
    w.workbench.set_seed(first.seed + 1)
    w.request_generation()
    settle(qtbot, w)
    assert w.result.seed == first.seed + 1
    assert at_finish == [(str(first.seed), True)]      # not yet written, and busy
    assert str(make_settings().value("seed")) == str(first.seed + 1)

    w._run_finished(0, first, 61.0)             # a run whose aftermath is due at close
    w.close()
    assert float(make_settings().value("run_seconds")) == 61.0


def test_the_labels_file_is_one_json_document_made_in_pieces(monkeypatch):
    import json

    import viewer.ui.last_picture as lp
    from viewer.engine.protocol import Marker

    monkeypatch.setattr(lp, "LABELS_PER_PIECE", 3)
    mine = lp._identity("tgp", {"size": [64, 64]}, 7)
    for n in (0, 1, 3, 7):
        labels = tuple(Marker("town", f"Town {i} \"q\"", i, 2 * i) for i in range(n))
        pieces = list(lp._labels_json(mine, labels))
        assert len(pieces) == 2 + -(-n // 3)
        note = json.loads("".join(pieces))
        assert lp._of_map(note, mine) and lp._markers(note["labels"]) == labels


def test_a_kept_picture_starts_no_thread_on_the_gui_thread(qtbot, monkeypatch, tmp_path):
    """A thread started on the GUI thread makes it wait until the new thread
    runs (a core busy with a run: milliseconds): the keeper's one writer
    thread is started ahead, and each picture kept is handed to it, written
    in the order kept."""
    import threading

    import numpy as np

    import viewer.ui.last_picture as lp
    from viewer.formats.png import read_png

    done = threading.Event()
    threading.Thread(target=lambda: (lp.start_writer(), done.set())).start()
    assert done.wait(10)
    started = []
    start = threading.Thread.start

    def spy(thread):
        started.append(thread.name)
        start(thread)
    monkeypatch.setattr(threading.Thread, "start", spy)
    s = make_settings()
    errors = []
    keeper = lp.PictureKeeper(s, errors.append)

    class Grid:
        width, height = 8, 4

    class Result:
        generator, params, grid = "fairland", {"sp": 1}, Grid()

        def __init__(self, seed):
            self.seed = seed
    pictures = [np.full((4, 8, 4), k * 40, np.uint8) for k in range(1, 4)]
    for k, rgba in enumerate(pictures):
        keeper.keep(Result(k), rgba, 1, False, f"map {k}")
    keeper.finish()
    assert started == [] and errors == []
    assert np.array_equal(read_png(lp.picture_path(s)), pictures[-1])    # the last kept
    from viewer.ui.settings import read_json
    assert read_json(s, lp.KEY)["seed"] == "2"
