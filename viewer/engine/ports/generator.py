"""Port placement as a workbench generator.

After "Around The World, Part 25: Placing ports": the global placement of
:mod:`.placement` (lakes, coast, one candidate per grid square, latitude
weights, weighted draws with a minimum distance, populations and size
classes) on a heightmap from :mod:`.sources`, then for each port the local
placement of :mod:`.local` (the modified diamond-square, the port at its
cell's centre, the ship at a corner below sea level, buildings around) with
the sea route that :mod:`.guarantee` checks.

Layers (``(h, w)``, element ``[r, c]`` is cell ``(c, r)``; row 0 north):

``height``        mean of the cell's four corner heights minus the sea level
``cell_class``    0 land, 1 coast, 2 sea, 3 lake, 4 coast touching a lake
``lakes``         lake number (0 = largest) of a lake corner of the cell, -1 none
``coast``         coast cells that may hold a port
``grid_square``   grid square number, row by row
``desirability``  land cells within the radius, for coast cells (-1 elsewhere)
``candidates``    desirability of each square's candidate, -1 elsewhere
``latitude``      latitude of the cell's centre, degrees (north positive)
``weight``        the candidate's latitude weight, -1 where no candidate
``ports``         port number (drawing order, 0 first) on its cell, -1 elsewhere
``route``         port number on the cells of its route to open sea, -1 elsewhere

``result.detail`` holds the corners and sea level, the candidates, every
port as a dict (:func:`port_record`) with its buildings, and ``short``, the
number of ports that did not fit.
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..params import (BoundsWhen, CurveAxes, Implies, OnlyWhen, Param, ParamError, check_bounds,
                      convert_values)
from ..protocol import Engine, Cancelled, CancelToken, LayerInfo, Marker, Result, SquareGrid
from ..tgp.generator import PARAMS as TGP_PARAMS
from ..tgp.generator import check_size
from .options import DISTRIBUTIONS, LOCAL_SIZES

# (numpy, the kernels and the placement are imported by the first map: the
# Params and so every ``ports -h`` need none of them)
if TYPE_CHECKING:
    import numpy as np

    from .local import LocalSettings
    from .placement import Placement, Settings
    from .sources import Heightmap

SOURCES = ("tgp", "png")
PHASE_NAMES = ("heightmap", "lakes", "coast", "candidates", "weighting", "ports",
               "local terrain")
DEFAULT_CURVE = ((0.0, 0.5), (30.0, 1.0), (90.0, 0.0))

def complete_stored(values: Mapping[str, Any]) -> dict[str, Any]:
    """Stored settings (a preset's or a bundle's): a TGP source that names
    no OpenTTD version was written when the TGP source was r13671's only."""
    out = dict(values)
    if out.get("source", "tgp") == "tgp" and "tgp_openttd" not in out:
        out["tgp_openttd"] = "r13671"
    return out


ONLY_TGP = OnlyWhen("source", ("tgp",))
ONLY_PNG = OnlyWhen("source", ("png",))


_TGP_HERE = ("openttd", "size", "smoothness", "terrain", "sea_level", "landscape", "rivers",
             "min_river_length", "river_route_random")
"""TGP's settings the ports' TGP source has (``tgp_`` and the name)."""
_RIVERS = ("rivers", "min_river_length", "river_route_random")


def _tgp_param(name: str, **changes: Any) -> Param:
    """TGP's own Param ``name`` (help, bounds, slider names, its bounds under
    the version), as ``tgp_name`` in the source group, counting only for the
    TGP source; ports keep their own defaults where they differ."""
    p = next(q for q in TGP_PARAMS if q.name == name)
    first, _, rest = p.label.partition(" ")
    if first[1:].islower():             # "Map size" -> "map size"; "OpenTTD version" stays
        first = first.lower()
    label = " ".join(filter(None, ("TGP", first, rest)))
    bounds = p.bounds_when
    if bounds is not None:
        bounds = tuple(dataclasses.replace(b, param="tgp_" + b.param)
                       for b in ((bounds,) if isinstance(bounds, BoundsWhen) else bounds))
    only = tuple(dataclasses.replace(c, param="tgp_" + c.param) for c in p.conditions()
                 if c.param in _TGP_HERE)     # (not TGP's "stop after": ports use its end)
    return dataclasses.replace(p, name="tgp_" + name, label=label,
                               cli="--tgp-" + name.replace("_", "-"), group="source",
                               bounds_when=bounds, only_when=(ONLY_TGP, *only), **changes)


PARAMS: tuple[Param, ...] = (
    Param("source", "Heightmap", "choice", "tgp", choices=SOURCES, group="source",
          help="tgp: a TerraGenesis map made with the tgp_* settings; png: a greyscale PNG"),
    _tgp_param("openttd"),
    *(_tgp_param(n) for n in ("size", "smoothness")),
    _tgp_param("terrain", default=2),
    _tgp_param("sea_level", default=2),
    _tgp_param("landscape"),
    *(_tgp_param(n) for n in _RIVERS),
    Param("png_path", "Heightmap PNG", "path", "", cli="--png-heightmap", group="source",
          help="greyscale PNG, one pixel per corner, row 0 = north",
          file_filter="PNG images (*.png)",       # usable whatever the source:
          implies=Implies("source", "png")),      # a PNG chosen switches to it
    Param("png_sea_level", "PNG sea level", "int", 16, minimum=0, maximum=65535,
          cli="--png-sea-level", group="source",
          help="grey value of the sea level: darker corners are below it "
               "(16 = OpenTTD heightmaps' level 0)", only_when=ONLY_PNG, slider=(0, 255)),
    Param("n_ports", "Ports", "int", 20, minimum=0, maximum=10000, cli="--ports",
          group="ports", help="number of ports to place", slider=(0, 200)),
    Param("grid", "Grid square", "int", 16, minimum=1, maximum=4096, cli="--grid",
          group="ports", help="side of the grid squares in cells; one port per square at most",
          slider=(1, 128)),
    Param("radius", "Desirability radius", "float", 5.0, minimum=0.0, maximum=64.0,
          cli="--radius", group="ports", step=0.5,
          help="land cells within this distance (cells) make a coast cell desirable"),
    Param("min_distance", "Minimum distance", "float", 12.0, minimum=0.0, maximum=8192.0,
          cli="--min-distance", group="ports", step=0.5,
          help="no two ports closer than this (cells, between cell centres)",
          slider=(0, 128)),
    Param("latitude_north", "Latitude of the north edge", "float", 80.0, minimum=-90.0,
          maximum=90.0, cli="--latitude-north", group="latitude", step=1.0,
          help="latitude of the map's top edge, degrees"),
    Param("latitude_south", "Latitude of the south edge", "float", -80.0, minimum=-90.0,
          maximum=90.0, cli="--latitude-south", group="latitude", step=1.0,
          help="latitude of the map's bottom edge, degrees (negative = south)"),
    Param("latitude_curve", "Latitude weights", "curve", DEFAULT_CURVE,
          cli="--latitude-curve", group="latitude",
          help="weight by |latitude|: control points DEG:WEIGHT,... for 0..90, linear "
               "between them, mirrored for the south",
          curve_axes=CurveAxes(x_range=(0.0, 90.0), y_range=(0.0, 1.0))),
    Param("distribution", "Population", "choice", "log-normal", choices=DISTRIBUTIONS,
          cli="--population", group="population",
          help="log-normal (median, sigma), log-uniform (min..max) or constant (median)"),
    Param("pop_median", "Median population", "float", 2000.0, minimum=1.0, maximum=1e8,
          cli="--pop-median", group="population",
          help="the log-normal's median, or the constant population", slider=(0.0, 10000.0),
          only_when=OnlyWhen("distribution", ("log-normal", "constant"))),
    Param("pop_sigma", "Population sigma", "float", 1.0, minimum=0.0, maximum=5.0,
          cli="--pop-sigma", group="population", step=0.1,
          help="spread of the log-normal population (natural log)",
          only_when=OnlyWhen("distribution", ("log-normal",))),
    Param("pop_min", "Smallest population", "int", 50, minimum=1, maximum=10**8,
          cli="--pop-min", group="population", slider=(1, 1000)),
    Param("pop_max", "Largest population", "int", 1_000_000, minimum=1, maximum=10**9,
          cli="--pop-max", group="population", slider=(0, 5_000_000), step=10_000),
    Param("village_from", "Village from", "int", 500, minimum=1, cli="--village-from",
          group="classes", help="smallest village; below: hamlet"),
    Param("town_from", "Town from", "int", 2000, minimum=1, cli="--town-from",
          group="classes"),
    Param("city_from", "City from", "int", 10000, minimum=1, cli="--city-from",
          group="classes"),
    Param("metropolis_from", "Metropolis from", "int", 100000, minimum=1,
          cli="--metropolis-from", group="classes"),
    Param("local_size", "Local points per cell", "int", 33, minimum=9, maximum=129,
          cli="--local-size", group="local",
          help="points along a cell side in the local terrain: 9, 17, 33, 65 or 129",
          suggestions=LOCAL_SIZES),
    Param("roughness", "Local roughness", "float", 0.5, minimum=0.0, maximum=4.0,
          cli="--roughness", group="local", step=0.05,
          help="diamond-square displacement, relative to the corners' spread plus one level"),
    Param("building_radius", "Town radius", "float", 0.35, minimum=0.0, maximum=1.5,
          cli="--building-radius", group="local", step=0.05,
          help="radius of a town of 1,000 in cells; grows with the square root of the "
               "population (at most 1.5)"),
    Param("people_per_building", "People per building", "int", 50, minimum=1,
          maximum=100000, cli="--people-per-building", group="local", slider=(1, 500)),
)

LAYER_INFO: dict[str, LayerInfo] = {
    "height": LayerInfo("height", "mean corner height minus the sea level", "scalar"),
    "cell_class": LayerInfo("cell_class", "0 land, 1 coast, 2 sea, 3 lake, 4 coast by a lake",
                            "categorical"),
    "lakes": LayerInfo("lakes", "lake number (0 = largest), -1 none", "categorical",
                       labels={-1: "no lake"}),
    "coast": LayerInfo("coast", "coast cell that may hold a port", "mask", 0, 1),
    "grid_square": LayerInfo("grid_square", "grid square number", "categorical", debug=True),
    "desirability": LayerInfo("desirability", "land cells within the radius, -1 not a "
                              "possible port", "scalar", 0, None, labels={-1: "not coast"}),
    "candidates": LayerInfo("candidates", "desirability of each square's candidate",
                            "scalar", 0, None, labels={-1: "no candidate"}),
    "latitude": LayerInfo("latitude", "latitude, degrees", "scalar", -90, 90, debug=True),
    "weight": LayerInfo("weight", "latitude weight of a candidate", "scalar", 0, None,
                        labels={-1: "no candidate"}),
    "ports": LayerInfo("ports", "port number, -1 none", "categorical", labels={-1: "none"}),
    "route": LayerInfo("route", "cells of the port's route to open sea", "categorical",
                       labels={-1: "none"}),
}
LAYER_NAMES = tuple(LAYER_INFO)


def parse_curve(value: Any) -> tuple[tuple[float, float], ...]:
    """A curve from control points or from text ``"0:0.5, 30:1, 90:0"``."""
    if isinstance(value, str):
        pts = []
        for part in value.replace(";", ",").split(","):
            if not part.strip():
                continue
            a, sep, b = part.partition(":")
            if not sep:
                raise ParamError(f"latitude curve: {part.strip()!r} is not DEG:WEIGHT",
                                 "latitude_curve")
            try:
                pts.append((float(a), float(b)))
            except ValueError:
                raise ParamError(f"latitude curve: {part.strip()!r} is not two numbers "
                                 "DEG:WEIGHT", "latitude_curve") from None
        value = pts
    try:
        return tuple((float(a), float(b)) for a, b in value)
    except (TypeError, ValueError):
        raise ParamError("latitude curve: expected control points (degrees, weight)",
                         "latitude_curve") from None


def check_curve(curve) -> None:
    if len(curve) < 2:
        raise ParamError("latitude curve: at least two control points are needed",
                         "latitude_curve")
    xs = [p[0] for p in curve]
    for x in xs:
        if not 0.0 <= x <= 90.0 or math.isnan(x):
            raise ParamError(f"latitude curve: degrees must be 0..90, not {x}", "latitude_curve")
    if any(b <= a for a, b in zip(xs, xs[1:])):
        raise ParamError("latitude curve: degrees must increase from point to point",
                         "latitude_curve")
    for _, y in curve:
        if not (y >= 0.0 and math.isfinite(y)):
            raise ParamError(f"latitude curve: weights must be 0 or more, not {y}",
                             "latitude_curve")


def curve_text(curve) -> str:
    return ",".join(f"{a:g}:{b:g}" for a, b in curve)


def _prepare(name: str, value: Any) -> Any:
    """Curves may come as text; choice names in any case."""
    if name == "latitude_curve":
        return parse_curve(value)
    if name in ("source", "tgp_landscape", "distribution") and isinstance(value, str):
        return value.strip().lower()
    return value


class Ports(Engine):
    """Port placement on a heightmap (see the module docstring)."""

    name = "ports"
    params = PARAMS

    def validate(self, values: Mapping[str, Any]) -> dict[str, Any]:
        from .sources import png_heightmap

        out = convert_values(self.params, values, _prepare)
        check_bounds(self.params, out, skip=("tgp_size",))
        try:
            check_size(*out["tgp_size"])
        except ParamError as exc:  # TGP's own check: say it beside this field
            raise ParamError(f"TGP {exc}", "tgp_size") from None
        check_curve(out["latitude_curve"])
        if out["local_size"] not in LOCAL_SIZES:
            raise ParamError(f"local points per cell must be one of "
                             f"{', '.join(map(str, LOCAL_SIZES))}, not {out['local_size']}",
                             "local_size")
        if out["latitude_north"] <= out["latitude_south"]:
            raise ParamError("the north edge's latitude must be greater than the south "
                             f"edge's ({out['latitude_north']:g} <= {out['latitude_south']:g})",
                             "latitude_north")
        if out["pop_min"] > out["pop_max"]:
            raise ParamError(f"smallest population {out['pop_min']} is above the largest "
                             f"{out['pop_max']}", "pop_min")
        th = [out[k] for k in ("village_from", "town_from", "city_from", "metropolis_from")]
        if any(b <= a for a, b in zip(th, th[1:])):
            raise ParamError("size classes: village < town < city < metropolis thresholds "
                             f"must increase, not {', '.join(map(str, th))}", "town_from")
        if out["source"] == "png":
            if not str(out["png_path"]).strip():
                raise ParamError("choose a heightmap PNG (png_path) for the png source",
                                 "png_path")
            png_heightmap(out["png_path"], out["png_sea_level"])  # refuses bad files here
        return out

    # -- settings --------------------------------------------------------------
    @staticmethod
    def settings(v: Mapping[str, Any]) -> Settings:
        from .placement import Settings

        return Settings(grid=v["grid"], radius=v["radius"], latitude_north=v["latitude_north"],
                        latitude_south=v["latitude_south"], curve=tuple(v["latitude_curve"]),
                        n_ports=v["n_ports"], min_distance=v["min_distance"],
                        distribution=v["distribution"], median=v["pop_median"],
                        sigma=v["pop_sigma"], pop_min=v["pop_min"], pop_max=v["pop_max"],
                        thresholds=(v["village_from"], v["town_from"], v["city_from"],
                                    v["metropolis_from"]))

    @staticmethod
    def local_settings(v: Mapping[str, Any], unit: float) -> LocalSettings:
        from .local import LocalSettings

        return LocalSettings(n=v["local_size"], roughness=v["roughness"], unit=unit,
                             building_radius=v["building_radius"],
                             people_per_building=v["people_per_building"])

    @staticmethod
    def heightmap(v: Mapping[str, Any], seed: int, cancel: CancelToken | None = None) -> Heightmap:
        from .sources import png_heightmap, tgp_heightmap

        if v["source"] == "png":
            return png_heightmap(v["png_path"], v["png_sea_level"])
        tgp = {n: v["tgp_" + n] for n in _TGP_HERE}
        if tgp["openttd"] != "15.2":        # (r13671 has no rivers)
            tgp = {n: x for n, x in tgp.items() if n not in _RIVERS}
        return tgp_heightmap(tgp, seed, cancel)

    # -- generation ------------------------------------------------------------
    def make(self, v: dict[str, Any], seed: Any, *, trace: bool = False,
             cancel: CancelToken | None = None, progress=None) -> Result:
        from .local import buildings, port_view
        from .placement import place

        if cancel is None:
            cancel = CancelToken()
        cancel.phase_names = PHASE_NAMES

        def phase(i: int) -> None:
            if cancel.cancelled:
                raise Cancelled()
            cancel.phase = i
            if progress is not None:
                progress(PHASE_NAMES[i], i / len(PHASE_NAMES))

        t0 = time.perf_counter()
        phase(0)
        hm = self.heightmap(v, seed, cancel)
        t_map = time.perf_counter() - t0
        phase(1)
        rel = hm.relative()
        cancel.check()
        pl = place(rel, self.settings(v), seed, check=cancel.check, flag=cancel.flag,
                   inland=hm.inland,
                   phase=lambda name: phase(PHASE_NAMES.index(name)))
        phase(6)
        ls = self.local_settings(v, hm.unit)
        t = time.perf_counter()
        town = []
        for p in pl.ports:
            if cancel.cancelled:
                raise Cancelled()
            view = port_view(rel, p.row, p.col, seed, ls)
            town.append(buildings(view, p.row, p.col, p.population, seed, ls))
        t_local = time.perf_counter() - t
        result = make_result(v, seed, hm, pl, town)
        result.timings = {"heightmap": t_map, **pl.timings, "local": t_local,
                          "generate": time.perf_counter() - t0}
        if trace:
            from .trace import PortsTrace

            result.trace = PortsTrace(pl, result.layers)
        return result


def port_record(p, town: np.ndarray | None = None) -> dict[str, Any]:
    """One port as plain data (what the CLI writes)."""
    rec = {
        "id": p.index + 1,
        "cell": [p.col, p.row],
        "position": [p.x, p.y],
        "latitude": round(p.latitude, 4),
        "population": p.population,
        "class": p.size_class,
        "desirability": p.desirability,
        "weight": round(p.weight, 6),
        "ship_corner": [int(p.ship[1]), int(p.ship[0])],
        "route_length": int(max(len(p.route) - 1, 0)),
    }
    if town is not None:
        rec["buildings"] = int(len(town))
    return rec


def make_layers(pl: Placement, lat_rows: np.ndarray) -> dict[str, np.ndarray]:
    import numpy as np

    from . import kernel as K
    from .placement import route_cells

    h, w = pl.shape
    rel = pl.rel
    height = (0.25 * (rel[:-1, :-1] + rel[:-1, 1:] + rel[1:, :-1] + rel[1:, 1:])
              ).astype(np.float32)
    lake_rank = np.full(pl.sizes.shape[0] + 1, -1, np.int32)
    lake_rank[pl.lake_ids] = np.arange(pl.lake_ids.size, dtype=np.int32)
    lakes = np.where(pl.lake >= 0, lake_rank[np.maximum(pl.lake, 0)], -1).astype(np.int32)
    g = pl.grid
    ngx = (w + g - 1) // g
    rows = np.arange(h)[:, None] // g
    cols = np.arange(w)[None, :] // g
    grid_square = (rows * ngx + cols).astype(np.int32)
    cand = np.full((h, w), -1, np.int32)
    cand[pl.cand_rows, pl.cand_cols] = pl.desirability[pl.cand_rows, pl.cand_cols]
    weight = np.full((h, w), -1.0, np.float32)
    weight[pl.cand_rows, pl.cand_cols] = pl.cand_weight
    ports = np.full((h, w), -1, np.int16)
    route = np.full((h, w), -1, np.int16)
    for p in reversed(pl.ports):
        for r, c in route_cells(p.route, h, w):
            route[r, c] = p.index
    for p in pl.ports:
        ports[p.row, p.col] = p.index
    layers = {
        "height": height,
        "cell_class": pl.cell_class,
        "lakes": lakes,
        "coast": (pl.cell_class == K.COAST).view(np.uint8),
        "grid_square": grid_square,
        "desirability": pl.desirability,
        "candidates": cand,
        "latitude": np.repeat(lat_rows.astype(np.float32)[:, None], w, axis=1),
        "weight": weight,
        "ports": ports,
        "route": route,
    }
    return layers


def make_result(v: dict[str, Any], seed: int, hm: Heightmap, pl: Placement,
                town: list[np.ndarray]) -> Result:
    from . import kernel as K
    from .detail import PortsDetail
    from .placement import CLASS_NAMES, row_latitudes

    h, w = pl.shape
    layers = make_layers(pl, row_latitudes(h, v["latitude_north"], v["latitude_south"]))
    markers = [Marker("port", f"{p.index + 1} {p.size_class}", p.col, p.row) for p in pl.ports]
    n_cand = int(pl.cand_rows.size)
    msg = (f"ports on {hm.description}: {int((pl.cell_class == K.COAST).sum())} coast cells, "
           f"{pl.lake_ids.size} lakes, {n_cand} candidates in {pl.square_best.size} grid "
           f"squares; placed {len(pl.ports)} of {v['n_ports']} ports")
    if pl.short:
        msg += (f"; {pl.short} short: no candidate left with a positive weight at least "
                f"{v['min_distance']:g} cells from the placed ports")
    counts = {c: sum(p.size_class == c for p in pl.ports) for c in CLASS_NAMES}
    msg += "\n" + ", ".join(f"{k} {n}" for k, n in counts.items() if n) + "\n" \
        if pl.ports else "\n"
    return Result(
        generator="ports",
        grid=SquareGrid(w, h),
        layers=layers,
        layer_info=dict(LAYER_INFO),
        markers=markers,
        params=v,
        seed=seed,
        messages=msg,
        detail=PortsDetail(
            corners=hm.corners,
            sea_level=hm.sea_level,
            height_unit=hm.unit,
            source=hm.description,
            placement=pl,
            ports=[port_record(p, t) for p, t in zip(pl.ports, town)],
            buildings=town,
            short=pl.short,
            candidates=n_cand,
            local=Ports.local_settings(v, hm.unit),
        ),
    )


PORTS = Ports()
