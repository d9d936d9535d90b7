"""Legends: resource layers mute the sea, Number Link's legend has every
path's letter and colour."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox
from window_waits import settle


WAIT = 120_000
ROOT = Path(__file__).resolve().parents[2]


def choose(w, name: str, value) -> None:
    """Pick ``value`` in a combo box parameter as a user does (activated)."""
    box = w.param_panel.widgets[name].editor
    text = f"{value[0]}x{value[1]}" if isinstance(value, tuple) else str(value)
    i = box.findText(text)
    box.setCurrentIndex(i)
    box.activated.emit(i)


def test_resource_layers_mute_the_sea_and_the_legend_matches(qtbot, window):
    from viewer.render.picture import renderer_for

    w = window
    r = w.result
    own = r.layers["own"]
    for layer in ("iron", "fertility", "oil", "uranium", "coastal"):
        w.select_layer(layer)
        pic = w.current_picture()
        colours = renderer_for("fairland").cells(w.state, layer, {})
        sea = colours[own < 0][:, :3].astype(int).sum(axis=1)
        land = colours[own >= 0][:, :3].astype(int)
        # the sea is one muted colour, darker than the brightest land
        assert len({tuple(c) for c in colours[own < 0][:, :3]}) == 1
        assert sea.max() < land.sum(axis=1).max()
        # every swatch in the legend is a colour on the map
        on_map = {tuple(c) for c in colours.reshape(-1, 4)[:, :3]}
        for label, c in pic.legend.entries:
            assert tuple(c[:3]) in on_map, (layer, label)
    # coastal: the sea is not "yes"
    w.select_layer("coastal")
    assert all(not text.startswith("sea") or "yes" not in text
               for text, _c in w.current_picture().legend.entries)


def test_number_link_legend_has_the_letters_and_every_path_its_colour(qtbot, window):
    w = window
    w.set_generator("numberlink")
    settle(qtbot, w, lambda: w.result.generator == "numberlink")
    w.workbench.set_value("mode", "fast")
    w.workbench.set_value("size", (36, 36))
    w.request_generation(force=True)
    settle(qtbot, w, lambda: w.result.grid.width == 36)
    r = w.result
    labels = [m.label for m in r.markers]
    pic = w.current_picture()
    entries = [t for t, _c in pic.legend.entries]
    n_paths = int(r.layers["paths"].max())
    assert set(entries) >= set(labels[:min(len(labels), 60)]) - {""}
    colours = {tuple(c[:3]) for _t, c in pic.legend.entries}
    assert len(colours) == len(pic.legend.entries) >= min(n_paths, 60) > 24


# near-white swatches framed all round: tests/ui/test_legend_pixels.py


def test_a_legend_said_again_is_not_rebuilt_and_a_changed_one_is(qtbot, monkeypatch):
    import numpy as np

    from viewer.render.colormaps import Legend
    from viewer.ui.legend import LegendWidget

    w = LegendWidget()
    qtbot.addWidget(w)
    built: list[list] = []
    original = w.swatches.set_entries
    monkeypatch.setattr(w.swatches, "set_entries", lambda e: (built.append(list(e)),
                                                              original(e)))
    lut = np.zeros((4, 4), np.uint8)

    def legend(title="heights", colour=(1, 2, 3, 255), top=9.0):
        return Legend(title, [("sea", colour)], lut.copy(), 0.0, top)

    w.set_legend(legend())
    w.set_legend(legend())                      # the same again (a new object): kept
    assert len(built) == 1 and w.title_text() == "heights"
    w.set_legend(legend(colour=(1, 2, 4, 255)))
    w.set_legend(legend(top=10.0))
    assert len(built) == 3 and w.vmax.text() == "10"
    w.set_legend(legend(title="water"))
    assert w.title_text() == "water"
    w.set_legend(None)
    assert w.title_text() == "" and built[-1] == []
