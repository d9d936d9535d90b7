"""Presets: a generator's parameters (and optionally a seed) as a TOML file.

::

    generator = "fairland"
    title = "empserver regression: plain"
    seed = 1
    [params]
    world = "64x32"
    nc = 5
    ...

Values are checked against the generator's Params when loaded, so a preset
that loads is one the generator accepts.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

from .. import registry
from ..engine.params import ParamError, coerce_values
from .atomic import write_atomic

PRESET_DIR = Path(__file__).resolve().parents[2] / "resources" / "presets"


class PresetError(ValueError):
    """A preset file that cannot be used; the message says why."""


@dataclass
class Preset:
    generator: str
    params: dict[str, Any]
    seed: int | str | None = None
    title: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


def _toml_value(value: Any) -> Any:
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return f"{value[0]}x{value[1]}"          # a map size reads best as WxH
    if isinstance(value, tuple):
        return [_toml_value(v) for v in value]
    return value


def preset_text(preset: Preset) -> str:
    doc: dict[str, Any] = {"generator": preset.generator}
    if preset.title:
        doc["title"] = preset.title
    if preset.seed is not None:
        doc["seed"] = preset.seed
    doc["params"] = {k: _toml_value(v) for k, v in preset.params.items()}
    return tomli_w.dumps(doc)


def save_preset(path: str | os.PathLike, preset: Preset) -> None:
    """Write ``preset`` to ``path`` atomically."""
    write_atomic(path, preset_text(preset))


def parse_preset(text: str, source: str = "preset") -> Preset:
    """A preset from TOML text, its values checked by the generator's Params."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PresetError(f"{source}: not valid TOML ({exc})") from None
    name = doc.get("generator")
    if not isinstance(name, str):
        raise PresetError(f"{source}: says no generator (expected generator = \"name\")")
    try:
        gen = registry.load(name, "engine")
    except KeyError as exc:
        raise PresetError(f"{source}: {exc.args[0]}") from None
    raw = doc.get("params", {})
    if not isinstance(raw, Mapping):
        raise PresetError(f"{source}: [params] must be a table")
    try:
        params = coerce_values(gen.params, raw)
        gen.validate(params)
    except (ParamError, OverflowError) as exc:
        raise PresetError(f"{source}: {exc}") from None
    seed = doc.get("seed")
    extra = {k: v for k, v in doc.items() if k not in ("generator", "params", "seed", "title")}
    return Preset(name, params, seed, str(doc.get("title", "")), extra)


def load_preset(path: str | os.PathLike) -> Preset:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise PresetError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise PresetError(f"{path.name}: not a preset (not UTF-8 text; a preset is a "
                          "TOML file)") from None
    return parse_preset(text, path.name)


def shipped_presets(folder: Path = PRESET_DIR) -> list[Path]:
    """The presets that come with the program, by file name."""
    return sorted(folder.glob("*.toml")) if folder.is_dir() else []
