"""Quality figures of a Number Link grid, after the seed's own complaints:
"too many small paths", and "really boring and obvious paths ... such as the
entire bottom row of the grid being taken up by a single path".

A path is *straight* when it has no turn, and *boring* when it is straight
and runs along an edge of the grid (all in the top or bottom row, or all in
the leftmost or rightmost column).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

__all__ = ["Quality", "quality", "boring_mask"]


@dataclass
class Quality:
    npaths: int
    lengths: list[int]
    """Squares per path, by label (``lengths[k - 1]`` for path ``k``)."""
    boring: list[int] = field(default_factory=list)
    """Labels of the boring paths."""
    straight: list[int] = field(default_factory=list)
    """Labels of the straight paths (boring ones included)."""
    empty: int = 0

    @property
    def boring_share(self) -> float:
        return len(self.boring) / self.npaths if self.npaths else 0.0

    @property
    def histogram(self) -> dict[int, int]:
        """Number of paths of each length."""
        out: dict[int, int] = {}
        for n in sorted(self.lengths):
            out[n] = out.get(n, 0) + 1
        return out

    @property
    def mean_length(self) -> float:
        return float(np.mean(self.lengths)) if self.lengths else 0.0

    @property
    def median_length(self) -> float:
        return float(np.median(self.lengths)) if self.lengths else 0.0

    def as_dict(self) -> dict:
        return {
            "paths": self.npaths,
            "lengths": list(self.lengths),
            "length_min": min(self.lengths, default=0),
            "length_median": self.median_length,
            "length_mean": round(self.mean_length, 3),
            "length_max": max(self.lengths, default=0),
            "length_histogram": {str(k): v for k, v in self.histogram.items()},
            "straight": len(self.straight),
            "boring": len(self.boring),
            "boring_share": round(self.boring_share, 4),
            "empty_squares": self.empty,
        }

    def summary(self) -> str:
        hist = " ".join(f"{k}:{v}" for k, v in self.histogram.items())
        return (f"paths {self.npaths}; length min {min(self.lengths, default=0)} "
                f"median {self.median_length:g} max {max(self.lengths, default=0)} "
                f"(length:count {hist}); boring {len(self.boring)} "
                f"({100 * self.boring_share:.0f}%), straight {len(self.straight)}")


def _is_straight(ys: np.ndarray, xs: np.ndarray) -> bool:
    return bool(np.all(ys == ys[0]) or np.all(xs == xs[0]))


def quality(paths: np.ndarray) -> Quality:
    """Figures for a solved grid (``paths[y, x]`` = label, 0 empty)."""
    paths = np.asarray(paths)
    h, w = paths.shape
    n = int(paths.max()) if paths.size else 0
    lengths, boring, straight = [], [], []
    for k in range(1, n + 1):
        ys, xs = np.nonzero(paths == k)
        lengths.append(int(ys.size))
        if ys.size and _is_straight(ys, xs):
            straight.append(k)
            on_edge = ((np.all(ys == ys[0]) and ys[0] in (0, h - 1))
                       or (np.all(xs == xs[0]) and xs[0] in (0, w - 1)))
            if on_edge:
                boring.append(k)
    return Quality(n, lengths, boring, straight, int((paths == 0).sum()))


def boring_mask(paths: np.ndarray) -> np.ndarray:
    """``(h, w)`` uint8: 1 on the squares of boring paths."""
    q = quality(paths)
    return np.isin(paths, q.boring).astype(np.uint8) if q.boring else \
        np.zeros(np.shape(paths), np.uint8)
