"""The Qt-free workbench (the midend): plain pytest, no Qt anywhere."""

from __future__ import annotations

import dataclasses
import re

import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from viewer import registry
from viewer.declaration import Declaration
from viewer.engine.params import Param, coerce_values
from viewer.engine.protocol import LayerInfo, Result, SquareGrid
from viewer.formats.bundle import read_bundle
from viewer.workbench import (
    EVENT_TYPES,
    Events,
    InlineRunner,
    ThreadRunner,
    Workbench,
    declaration,
)

ROOT = Path(__file__).resolve().parents[2]
SMALL_FAIRLAND = {"nc": 2, "sc": 10, "ni": 2, "is": 5}


def snake_name(kind: type) -> str:
    """RunFinished -> run_finished."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", kind.__name__).lower()


class Recorder:
    """Every event the workbench emits, in order."""

    def __init__(self, wb: Workbench):
        self.seen: list[tuple] = []
        for kind in EVENT_TYPES:
            wb.events.connect(kind, lambda e, name=snake_name(kind): self.seen.append(
                (name, *(getattr(e, f.name) for f in dataclasses.fields(e)))))

    def names(self) -> list[str]:
        return [e[0] for e in self.seen]

    def of(self, name: str) -> list[tuple]:
        return [e[1:] for e in self.seen if e[0] == name]


@pytest.fixture
def gated():
    """A generator whose runs wait for a gate (to see newest-wins and
    cancelling at work), registered for the test only."""

    class Gated:
        name = "gated"
        title = "Gated test generator"
        params = (Param("n", "N", "int", 4, minimum=1, maximum=50),)
        layer_info = {"v": LayerInfo("v", "value", "scalar", 0, 100)}

        def __init__(self):
            self.gate = threading.Event()
            self.started = []
            self.runs = 0

        def validate(self, values):
            return coerce_values(self.params, dict(values))

        def generate(self, values, *, seed=0, trace=False, cancel=None, progress=None):
            v = self.validate(values)
            self.started.append(int(seed))
            while not self.gate.wait(0.005):
                if cancel is not None:
                    cancel.check()
            self.runs += 1
            n = v["n"]
            return Result("gated", SquareGrid(n, n), {"v": np.full((n, n), int(seed) % 100)},
                          dict(self.layer_info), params=v, seed=int(seed))

    gen = Gated()
    registry.register(Declaration("gated", Gated.title, gen, layer_info=Gated.layer_info))
    yield gen
    registry.unregister("gated")


def test_events_are_typed_and_declared():
    from viewer.workbench.events import RunFinished, Status
    ev = Events()
    got = []
    off = ev.connect(Status, lambda e: got.append((e.text, e.error)))
    ev.emit(Status("hello"))
    ev.emit(RunFinished(1, None, 0.5))          # another type: not to this subscriber
    off()
    ev.emit(Status("again", True))
    assert got == [("hello", False)]
    with pytest.raises(KeyError, match="not a workbench event"):
        ev.connect("status", print)             # events are types, not names
    with pytest.raises(KeyError, match="not a workbench event"):
        ev.emit(("status", "hello"))
    with pytest.raises(TypeError):
        Status()                                # a payload of the wrong shape fails at once
    with pytest.raises(dataclasses.FrozenInstanceError):
        Status("x").text = "y"


def test_a_run_shows_its_map_and_the_picture_is_the_pipelines():
    from viewer.render.picture import final_state, picture

    wb = Workbench("fairland")
    rec = Recorder(wb)
    wb.set_values(SMALL_FAIRLAND)
    wb.set_seed(7)
    run = wb.request()
    assert run is not None
    r = wb.result
    assert r is not None and r.generator == "fairland" and r.seed == 7
    assert r.params["nc"] == 2
    assert rec.names().index("run_started") < rec.names().index("result_changed") \
        < rec.names().index("run_finished")
    assert wb.state.final and wb.step == r.trace.n_steps
    assert wb.layer == "own"                      # the renderer's default layer
    expected = picture(final_state(r), "own", wb.picture_options())
    assert np.array_equal(wb.picture().rgba, expected.rgba)
    assert rec.of("status")[-1][1] is False


def test_nothing_changed_means_no_run_unless_forced():
    wb = Workbench("fairland")
    wb.set_values(SMALL_FAIRLAND)
    assert wb.request() is not None
    first = wb.result
    assert wb.request() is None and wb.result is first
    assert wb.request(force=True) is not None and wb.result is not first


def test_a_refused_value_keeps_the_last_good_map():
    wb = Workbench("fairland")
    rec = Recorder(wb)
    wb.set_values(SMALL_FAIRLAND)
    wb.request()
    good = wb.result
    wb.set_value("sp", 250)
    assert wb.request() is None
    assert wb.result is good
    (param, message), = rec.of("invalid")
    assert param == "sp" and "100" in message
    assert wb.error == ("sp", message)
    text, error = rec.of("status")[-1]
    assert error and "showing the last good map" in text
    wb.set_value("sp", 20)
    assert wb.request() is not None and wb.error is None
    assert rec.of("invalid")[-1] == (None, "")       # the message beside the field goes


def test_a_world_the_algorithm_cannot_make_is_reported_and_the_map_stays():
    wb = Workbench("fairland")
    rec = Recorder(wb)
    wb.set_values(SMALL_FAIRLAND)
    wb.request()
    good = wb.result
    wb.set_values({"nc": 40, "sc": 60, "ni": 0})
    wb.request()
    assert wb.result is good
    assert rec.of("run_failed")
    param, message = rec.of("invalid")[-1]
    assert param is None and "not large enough" in message


def test_each_generator_keeps_its_own_values_and_seed():
    wb = Workbench("fairland")
    assert declaration("numberlink").seed_kind == "text"
    assert isinstance(wb.seed, int)
    wb.set_value("nc", 3)
    wb.set_seed(99)
    wb.set_generator("numberlink")
    assert isinstance(wb.seed, str) and wb.seed == declaration("numberlink").default_seed
    assert wb.result is None
    wb.set_value("size", (6, 5))
    wb.set_generator("fairland")
    assert wb.values["nc"] == 3 and wb.seed == 99
    wb.set_generator("numberlink")
    assert tuple(wb.values["size"]) == (6, 5)
    with pytest.raises(KeyError):
        wb.set_value("nc", 3)                     # Number Link has no continents


def test_new_seed_is_of_the_generators_kind():
    import random

    wb = Workbench("fairland")
    s = wb.new_seed(random.Random(1))
    assert isinstance(s, int) and 0 <= s < 2 ** 32 and wb.seed == s
    wb.set_generator("numberlink")
    t = wb.new_seed(random.Random(1))
    assert isinstance(t, str) and t.isdigit() and wb.seed == t


def test_the_timeline_gives_the_traces_state():
    wb = Workbench("fairland")
    rec = Recorder(wb)
    wb.set_values(SMALL_FAIRLAND)
    wb.request()
    trace = wb.result.trace
    step = trace.n_steps // 3
    wb.set_step(step)
    assert wb.step == step and not wb.state.final
    for name, arr in trace.state_at(step).items():
        assert np.array_equal(wb.state.layers[name], arr)
    assert wb.state.meaningful == trace.meaningful_at(step)
    assert rec.of("state_changed")[-1][0] is wb.state
    wb.set_step(10 ** 9)                          # clamped: the finished map
    assert wb.state.final and wb.step == trace.n_steps
    assert wb.inspect(0, 0)[0][0] == "step"


def test_inspector_metrics_and_exports_are_the_generators(tmp_path):
    wb = Workbench("fairland")
    wb.set_values(SMALL_FAIRLAND)
    wb.request()
    gen = registry.declaration("fairland")
    assert wb.metrics() == gen.metrics(wb.result)
    rows = dict(wb.inspect(2, 0))
    assert rows["sector"].startswith("2,0")
    assert wb.inspect(1, 0) is None                # no sector where x + y is odd
    by_name = {e.name: e for e in wb.exports()}
    assert {"newcap", "xdump", "text"} <= set(by_name)
    wb.export("text", tmp_path / "a.txt")
    by_name["text"].write(tmp_path / "b.txt", wb.result, None)
    assert (tmp_path / "a.txt").read_bytes() == (tmp_path / "b.txt").read_bytes() != b""
    wb.set_step(1)                                # the bundle holds the step shown
    wb.bundle(tmp_path / "map.npz")
    layers, meta = read_bundle(tmp_path / "map.npz")
    assert meta["generator"] == "fairland" and meta["seed"] == wb.result.seed
    assert np.array_equal(layers["own"], wb.state.layers["own"])
    with pytest.raises(KeyError, match="no export"):
        wb.export("no-such-export", tmp_path / "x")


def test_fairlands_command_line_is_the_drop_in():
    from viewer.formats.fairland_exports import command_line

    wb = Workbench("fairland")
    wb.set_values({**SMALL_FAIRLAND, "merge": True})
    wb.set_seed(5)
    assert wb.command_line() == command_line(wb.validated(), 5)
    assert wb.command_line().startswith("fairland -R 5 -i 2 10 2 5")


def test_the_generic_command_line_makes_the_same_map(tmp_path, request):
    """The command line the workbench gives, run, writes the same layers."""
    import shlex

    sys.path.insert(0, str(ROOT / "tests" / "contract"))
    try:
        import toy_generator
    finally:
        sys.path.pop(0)
    from viewer.cli import main

    registry.register(toy_generator.DECLARATION, replace=True)      # (again, if another test removed it)
    wb = Workbench("toy")
    wb.set_values({"side": 9, "period": 2})
    wb.set_seed(3)
    wb.request()
    words = shlex.split(wb.command_line())
    assert words[:4] == ["python", "-m", "viewer", "toy"]
    out = tmp_path / "toy.npz"
    assert main(words[3:] + ["--bundle", str(out)]) == 0
    layers, _ = read_bundle(out)
    assert np.array_equal(layers["stripe"], wb.result.layers["stripe"])


def test_pin_keeps_a_and_follows_bs_step():
    wb = Workbench("fairland")
    rec = Recorder(wb)
    wb.set_values(SMALL_FAIRLAND)
    wb.set_seed(1)
    wb.request()
    a = wb.pin()
    assert a is not None and a.result is wb.result
    wb.set_seed(2)
    wb.request()
    assert wb.pinned.result is a.result and wb.result is not a.result
    step = min(a.result.trace.n_steps, wb.result.trace.n_steps) // 2
    wb.set_step(step)
    sa = wb.pinned_state()
    assert sa.result is a.result and sa.step == step == wb.pinned_step()
    wb.set_step(10 ** 9)                          # B finished: A finished too
    assert wb.pinned_step() == a.result.trace.n_steps and wb.pinned_state().final
    short = min(a.result.trace.n_steps, wb.result.trace.n_steps)
    wb.set_step(short - 1)                        # mid-way: A at B's step
    assert wb.pinned_step() == short - 1 and not wb.pinned_state().final
    wb.set_generator("tgp")                       # A and B are maps of one generator
    assert wb.pinned is None
    assert rec.of("pinned_changed")[-1] == (None,)


def test_a_shared_colour_scale_counts_while_pinned_for_its_layer_and_never_in_files():
    from viewer.render.colormaps import VALUE_RANGE

    wb = Workbench("tgp")
    wb.set_values({"size": (64, 64)})
    wb.request()
    wb.set_layer("heightmap")
    own = wb.picture().legend
    wb.share_range(("heightmap", 0.0, 9999.0))
    assert VALUE_RANGE not in wb.screen_options()           # nothing pinned: no sharing
    wb.pin()
    wb.set_seed(wb.seed + 1)
    wb.request()
    wb.share_range(("heightmap", 0.0, 9999.0))
    assert wb.screen_options()[VALUE_RANGE] == ("heightmap", 0.0, 9999.0)
    assert VALUE_RANGE not in wb.picture_options()          # files and thumbnails: their own
    pic = wb.picture()
    assert pic.legend.vmax == 9999
    b_own = pic.legend.own_range()                          # B's values' own range, beside it
    assert b_own is not None and b_own[1] < 9999.0
    assert wb.picture(export=True).legend.vmax == b_own[1]  # a file: its own scale
    wb.set_layer("tile_height")                             # another layer: its own scale
    assert VALUE_RANGE not in wb.screen_options()
    wb.set_layer("heightmap")
    wb.unpin()                                              # unpinned: no sharing left
    assert wb.shared_range is None and VALUE_RANGE not in wb.screen_options()
    assert own.lut is not None


def test_newest_request_wins_on_a_thread(gated):
    runner = ThreadRunner("test")
    wb = Workbench("gated", runner=runner)
    rec = Recorder(wb)
    try:
        for seed in (1, 2, 3):
            wb.set_seed(seed)
            wb.request()
        gated.gate.set()
        assert runner.wait_idle(10)
        assert wb.result is not None and wb.result.seed == 3
        assert [r[1].seed for r in rec.of("run_finished")] == [3]
        assert gated.runs <= 2                    # the first was cancelled, the second dropped
        assert 2 not in gated.started or gated.runs < 3
    finally:
        wb.shutdown()


def test_while_dragging_the_running_map_finishes_and_is_shown(gated):
    # mapgen4's policy: a run a newer request supersedes finishes and its
    # map is shown meanwhile; the requests between it and the newest are
    # dropped; only the newest is announced as finished
    runner = ThreadRunner("test", finish_running=True)
    wb = Workbench("gated", runner=runner)
    rec = Recorder(wb)
    try:
        for seed in (1, 2, 3, 4):
            wb.set_seed(seed)
            wb.request()
            while not gated.started:              # the first is under way
                time.sleep(0.002)
        gated.gate.set()
        assert runner.wait_idle(10)
        shown = [r[0].seed for r in rec.of("result_changed") if r[0] is not None]
        assert shown == [1, 4]
        assert [r[1].seed for r in rec.of("run_superseded")] == [1]
        assert [r[1].seed for r in rec.of("run_finished")] == [4]
        assert gated.started == [1, 4] and wb.result.seed == 4
    finally:
        gated.gate.set()
        wb.shutdown()


def test_while_dragging_cancel_stops_the_running_map_and_the_waiting_one(gated):
    runner = ThreadRunner("test", finish_running=True)
    wb = Workbench("gated", runner=runner)
    rec = Recorder(wb)
    try:
        wb.set_seed(1)
        wb.request()
        while not gated.started:
            time.sleep(0.002)
        wb.set_seed(2)
        wb.request()
        wb.cancel()
        assert runner.wait_idle(10)
        assert wb.result is None and not rec.of("run_superseded")
        assert gated.runs == 0
    finally:
        gated.gate.set()
        wb.shutdown()


def test_a_run_is_drawn_with_the_layer_and_options_it_was_asked_with(gated, monkeypatch):
    import sys

    pictures = sys.modules["viewer.render.picture"]

    asked = []
    draw = pictures.picture
    monkeypatch.setattr(pictures, "picture", lambda state, layer, options, *a, **k:
                        asked.append(dict(options)) or draw(state, layer, options, *a, **k))
    drawn = []                                    # the pictures the jobs drew
    runner = ThreadRunner("test")
    wb = Workbench("gated", runner=runner)
    wb.prepare_picture = lambda: drawn.append
    try:
        wb.set_seed(40)
        wb.request()
        wb.set_option("outline", True)            # changed while the run is under way
        gated.gate.set()
        assert runner.wait_idle(10)
        assert len(drawn) == 1 and "outline" not in asked[0]
        assert wb.picture_options()["outline"] is True
        again = wb.picture()
        assert again is not drawn[0] and asked[-1]["outline"] is True   # today's options
        wb.set_option("outline", True)
        assert wb.picture() is not drawn[0]
    finally:
        wb.shutdown()


def test_the_picture_a_job_drew_is_the_one_shown_until_the_options_change(gated):
    drawn = []
    wb = Workbench("gated")
    wb.prepare_picture = lambda: drawn.append
    gated.gate.set()
    wb.request()
    assert len(drawn) == 1 and wb.picture() is drawn[0]
    wb.set_option("outline", True)
    assert wb.picture() is not drawn[0]


def test_cancel_keeps_the_map(gated):
    runner = ThreadRunner("test")
    wb = Workbench("gated", runner=runner)
    rec = Recorder(wb)
    try:
        gated.gate.set()
        wb.request()
        assert runner.wait_idle(10)
        shown = wb.result
        gated.gate.clear()
        wb.set_seed(9)
        wb.request()
        wb.cancel()
        assert runner.wait_idle(10)
        assert wb.result is shown
        assert rec.of("run_cancelled")
    finally:
        gated.gate.set()
        wb.shutdown()


def test_show_adopts_a_map_made_elsewhere():
    gen = registry.declaration("fairland")
    r = gen.generate(gen.validate(SMALL_FAIRLAND), seed=11)
    wb = Workbench("tgp")
    wb.show(r)
    assert wb.generator.name == "fairland" and wb.result is r and wb.state.final


def test_the_workbench_needs_no_qt():
    code = ("import sys; from viewer.workbench import Workbench; "
            "wb = Workbench('fairland'); wb.set_values({'nc': 2, 'sc': 10, 'ni': 2, 'is': 5}); "
            "wb.request(); wb.picture(); wb.inspect(2, 0); wb.metrics(); "
            "bad = [m for m in sys.modules if m.split('.')[0] in "
            "('PySide6', 'pyqtgraph', 'shiboken6')]; "
            "print(bad); sys.exit(1 if bad else 0)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr


CASES = {
    "fairland": ({**SMALL_FAIRLAND, "merge": True, "sp": 30}, 5),
    "tgp": ({"size": (64, 128), "variety": 2, "water_borders": 5}, 17),
    "tgp r13671": ({"openttd": "r13671", "size": (128, 64), "terrain": 3, "rng_skip": 1}, 9),
    "tgp 15.2 rivers": ({"openttd": "15.2", "size": (64, 64), "landscape": "arctic",
                         "rivers": 3, "min_river_length": 5, "river_route_random": 50,
                         "snow_coverage": 70, "tree_placer": "none"}, 4),
    "numberlink": ({"size": (7, 6), "grid_number": 2}, "abc"),
    "ports": ({"tgp_size": (128, 128), "n_ports": 6, "tgp_openttd": "15.2"}, 3),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_generators_command_line_makes_the_same_map(name, tmp_path, monkeypatch):
    """The command the workbench hands out ("copy command line"), run through
    the real command line with --bundle, makes the map shown, layer for layer."""
    import shlex

    from viewer.cli import main

    values, seed = CASES[name]
    wb = Workbench(name.split()[0])
    wb.set_values({k: v for k, v in values.items() if k in {p.name for p in wb.generator.params}})
    wb.set_seed(seed)
    assert wb.request() is not None, wb.error
    words = shlex.split(wb.command_line())
    if words[:3] == ["python", "-m", "viewer"]:
        words = words[3:]
    out = tmp_path / "again.npz"
    monkeypatch.chdir(tmp_path)                  # fairland writes its newcap script here
    assert main(words + ["--bundle", str(out)]) == 0, words
    layers, meta = read_bundle(out)
    assert wb.layer in layers and set(layers) <= set(wb.result.layers)  # (no trace layers)
    for layer, arr in layers.items():
        assert np.array_equal(arr, wb.result.layers[layer]), (name, layer)


def test_values_of_another_generator_wait_for_it_without_an_event():
    wb = Workbench("fairland")
    rec = Recorder(wb)
    wb.set_values({"size": (6, 5)}, of="numberlink")
    assert rec.of("values_changed") == [] and "size" not in wb.values
    with pytest.raises(KeyError):
        wb.set_values({"size": (6, 5)}, of="fairland")    # fairland has no size
    wb.set_generator("numberlink")
    assert tuple(wb.values["size"]) == (6, 5)


def test_a_front_ends_work_happens_in_the_job_and_comes_with_the_map():
    wb = Workbench("fairland")
    seen = []
    wb.prepare_result = lambda r: ("prepared", r.seed)
    wb.prepare_picture = lambda: (lambda pic: seen.append(pic) or ("screen", pic.layer))
    wb.set_values(SMALL_FAIRLAND)
    wb.set_seed(3)
    wb.request()
    assert wb.prepared == ("prepared", 3)
    pic = wb.picture()
    assert seen == [pic] and wb.prepared_picture(pic) == ("screen", wb.layer)
    step = wb.result.trace.n_steps // 2
    wb.set_step(step)                                 # a step's picture too
    assert len(seen) == 2 and wb.picture() is seen[1]
    assert wb.prepared_picture(wb.picture(scale=2)) is None   # drawn here, not in a job
    r = wb.result
    wb.show(r)                                        # a map made elsewhere: prepared now
    assert wb.prepared == ("prepared", 3)


def test_the_values_a_map_stands_for():
    wb = Workbench("fairland")
    wb.set_values(SMALL_FAIRLAND)
    wb.request()
    r = wb.result
    assert wb.shown_values == r.params
    wb.set_value("sp", 20)
    assert wb.shown_values == r.params != wb.validated()
    assert wb.progress() is None                      # no run under way


def test_solving_is_the_generators_behind_the_workbench():
    """Number Link's uniqueness check and step-by-step solve are jobs the
    Workbench gives (its declaration's ``solving``), under the panel's rule,
    with no window; a generator that solves nothing gives none."""
    from viewer.engine.protocol import CancelToken

    wb = Workbench("numberlink")
    wb.set_values({"size": (5, 5), "rule": "free"})
    assert wb.solve_job("uniqueness") is None           # no puzzle shown yet
    wb.request()
    job = wb.solve_job("uniqueness")
    r, rule, answer = job(CancelToken())
    assert r is wb.result and rule == "free"
    assert answer.status in ("unique", "several") and answer.first is not None
    if answer.status == "several":
        assert answer.second is not None and answer.diff.any()
    r2, rule2, graded = wb.solve_job("steps")(CancelToken())
    assert r2 is wb.result and rule2 == "free" and graded.board is not None
    with pytest.raises(KeyError):
        wb.generator.load("solving").solve("nonsense", r, wb.values)
    assert wb.solve_job("nonsense") is None
    fair = Workbench("fairland")
    fair.set_values(SMALL_FAIRLAND)
    fair.request()
    assert fair.solve_job("uniqueness") is None
