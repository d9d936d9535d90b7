"""MapView.link_view: a view linked to a leader shows what the leader
shows (its centre at its scale, or the whole map while the leader is
fitted), the leader follows the linked view when the user moves that one,
and a hidden view follows nothing."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtWidgets import QHBoxLayout, QWidget

from viewer.ui.map_view import MapView


def centre_and_scale(view: MapView) -> tuple[float, float, float]:
    (x0, x1), (y0, y1) = view.vb.viewRange()
    return (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / view.vb.size().width()


@pytest.fixture
def pair(qtbot):
    holder = QWidget()
    lay = QHBoxLayout(holder)
    leader, linked = MapView(), MapView()
    lay.addWidget(linked)
    lay.addWidget(leader)
    qtbot.addWidget(holder)
    holder.resize(900, 400)
    holder.show()
    rgba = np.zeros((64, 96, 4), np.uint8)
    rgba[..., 3] = 255
    for v in (leader, linked):
        v.show_map(rgba, (48, 32), 2, hexes=False)
    linked.link_view(leader)
    qtbot.waitExposed(holder)
    return holder, leader, linked


def test_the_linked_view_follows_the_leaders_zoom_and_pan(qtbot, pair):
    _holder, leader, linked = pair
    leader.zoom_by(2.0)
    leader.pan_by(10, 6)
    qtbot.wait(20)
    assert leader.user_moved and linked.user_moved
    assert centre_and_scale(linked) == pytest.approx(centre_and_scale(leader))


def test_the_leader_follows_when_the_user_moves_the_linked_view(qtbot, pair):
    _holder, leader, linked = pair
    leader.zoom_by(2.0)
    linked.pan_by(-7, 4)                     # a pan by the user's hand
    qtbot.wait(20)
    assert centre_and_scale(leader) == pytest.approx(centre_and_scale(linked))


def test_fitted_both_show_the_whole_map_and_a_hidden_view_follows_nothing(qtbot, pair):
    _holder, leader, linked = pair
    leader.zoom_by(2.0)
    leader.fit()
    qtbot.wait(20)
    assert not linked.user_moved
    before = centre_and_scale(linked)
    linked.hide()
    leader.zoom_by(3.0)
    qtbot.wait(20)
    assert centre_and_scale(linked) == pytest.approx(before)
