"""The ``openttd-firstframe`` reference (the real OpenTTD 15.2 stopped on
entering each step of world generation), loaded as the engine's
:class:`~viewer.engine.tgp.game.World`, for the tests of the steps after
GenerateLandscape.  Skips with a reason where the reference is absent."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import numpy as np

from refdata import require_reference
from viewer.engine.tgp.game import GameMap, Randomizer, World
from viewer.engine.tgp.game.tiles import BYTES

NAME = "openttd-firstframe"


def folder() -> Path:
    return require_reference(NAME)


@lru_cache(maxsize=1)
def manifest() -> dict:
    return json.loads((folder() / "manifest.json").read_text())


def case_ids() -> list[str]:
    """The case ids (for parametrising; empty, and the tests skip, without
    the reference)."""
    from refdata import reference_dir
    path = reference_dir() / NAME / "manifest.json"
    if not path.is_file():
        return []
    return [c["id"] for c in json.loads(path.read_text())["cases"]]


def case(case_id: str) -> dict:
    for c in manifest()["cases"]:
        if c["id"] == case_id:
            return c
    raise KeyError(case_id)


def stage_record(case_id: str, stage: str) -> dict:
    for s in case(case_id)["stages"]:
        if s["stage"] == stage:
            return s
    raise KeyError(stage)


@lru_cache(maxsize=4)
def _npz(case_id: str):
    with np.load(folder() / case(case_id)["file"]) as z:
        return {k: z[k] for k in z.files}


def grids(case_id: str, stage: str) -> dict[str, np.ndarray]:
    """Every tile byte at ``stage``, as ``(size_y, size_x)`` arrays."""
    z = _npz(case_id)
    return {b: z[f"{stage}.{b}"] for b in BYTES}


def events(case_id: str) -> list[tuple[str, int, int, int]]:
    """The Random() trail: (function, state0, state1, stages done) per
    recorded call, in the game's order."""
    z = _npz(case_id)
    names = manifest()["event_functions"]
    return [(names[f], int(s[0]), int(s[1]), int(d)) for f, s, d in
            zip(z["events.function"], z["events.random_state"], z["events.stages_done"])]


def world(case_id: str, stage: str) -> World:
    """The game's state at ``stage``: tile bytes, Randomizer, settings as
    the case's cfg sets them (the rest the game's defaults), the towns and
    industries as the manifest holds them (dicts), the tile loop's place."""
    rec = stage_record(case_id, stage)
    s0, s1 = rec["random_state"]
    return World(map=GameMap.from_grids(grids(case_id, stage)), rng=Randomizer(s0, s1),
                 settings=dict(case(case_id)["settings"]),
                 towns=[dict(t) for t in rec["towns"]],
                 industries=[dict(i) for i in rec["industries"]],
                 cur_tileloop_tile=rec["cur_tileloop_tile"], tick_counter=rec["tick_counter"],
                 stage=stage)


def first_difference(ours: GameMap, theirs: GameMap) -> str | None:
    """A one-line account of the first tile byte that differs (None when
    equal): for a failing test's message."""
    for b in BYTES:
        a, t = getattr(ours, b), getattr(theirs, b)
        diff = np.flatnonzero(a != t)
        if diff.size:
            i = int(diff[0])
            return (f"{b} differs on {diff.size} tiles; first at tile {i} "
                    f"(x={i % ours.size_x}, y={i // ours.size_x}): ours {a[i]:#x}, game's {t[i]:#x}; "
                    f"type there ours {ours.type[i] >> 4}, game's {theirs.type[i] >> 4}")
    return None
