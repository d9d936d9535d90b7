"""What a fairland run says beyond its layers."""

from __future__ import annotations

from dataclasses import dataclass

from ..protocol import Detail
from .assertions import FairlandAssertion


@dataclass(frozen=True)
class FairlandDetail(Detail):
    """``map_text``: the map fairland prints (as ``-q`` omits it);
    ``capitals``: each continent's capital ``(x, y)``; ``n_events``: the
    events of the run (the timeline's steps); ``assertion``: the first of
    fairland.c's assertions the run fails (where empserver's default build
    aborts), or None."""

    map_text: str
    capitals: tuple[tuple[int, int], ...]
    n_events: int
    assertion: FairlandAssertion | None = None
