"""Presets: a generator's parameters (and optionally a seed) as a TOML file.

::

    generator = "NAME"
    title = "what the preset is for"
    seed = 1
    [params]
    size = "64x32"
    count = 5
    ...

Values are checked against the generator's Params when loaded, so a preset
that loads is one the generator accepts.  A generator may complete the
values of files written before one of its parameters existed
(its declaration's ``complete_stored``), so that an old preset loads as the
map it was made for.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import registry
from ..declaration import Declaration
from ..engine.names import shown_name
from ..engine.params import Param, ParamError, coerce_values
from .atomic import write_atomic
from .reading import InputFileError, read_limited

PRESET_DIR = Path(__file__).resolve().parents[1] / "presets"   # a wheel's copy (setup.py)
if not PRESET_DIR.is_dir():                                     # a checkout's
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


def _toml_value(param: Param | None, value: Any) -> Any:
    """A value as the preset holds it: a size as its Param writes it
    (``WxH``, which :meth:`~viewer.engine.params.Param.parse` reads back),
    other tuples (a curve's points) as TOML arrays, the rest as they are."""
    if param is not None and param.kind == "size":
        return param.text(value)
    if isinstance(value, tuple):
        return [_toml_value(None, v) for v in value]
    return value


def preset_text(preset: Preset) -> str:
    doc: dict[str, Any] = {"generator": preset.generator}
    if preset.title:
        doc["title"] = preset.title
    if preset.seed is not None:
        doc["seed"] = preset.seed
    try:
        params = {p.name: p for p in registry.declaration(preset.generator).params}
    except KeyError:
        params = {}
    doc["params"] = {k: _toml_value(params.get(k), v) for k, v in preset.params.items()}
    import tomli_w     # (here: a command that reads no preset imports no TOML)

    return tomli_w.dumps(doc)


def save_preset(path: str | os.PathLike, preset: Preset) -> None:
    """Write ``preset`` to ``path`` atomically; PresetError (nothing written)
    when it would not load again."""
    try:
        text = preset_text(preset)
    except (TypeError, ValueError) as exc:
        raise PresetError(f"cannot save this preset: {exc}") from None
    parse_preset(text, os.path.basename(os.fspath(path)))
    write_atomic(path, text, durable=True)    # the user's own work: synced


PRESET_MAX_BYTES = 2**20
"""Larger preset files are refused unread (a preset is a few hundred bytes)."""


def parse_preset(text: str, source: str = "preset") -> Preset:
    """A preset from TOML text, its values (and seed) checked by the
    generator's Params; PresetError saying what is wrong otherwise."""
    if not isinstance(text, str):
        raise PresetError(f"{shown_name(source)}: a preset is text, not {type(text).__name__}")
    import tomllib

    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PresetError(f"{shown_name(source)}: not valid TOML ({exc})") from None
    except RecursionError:
        raise PresetError(f"{shown_name(source)}: not a preset (nested too deeply)") from None
    except ValueError as exc:  # e.g. a number beyond Python's 4300-digit limit
        raise PresetError(f"{shown_name(source)}: not valid TOML ({str(exc)[:100]})") from None
    name = doc.get("generator")
    if not isinstance(name, str):
        raise PresetError(f"{shown_name(source)}: says no generator (expected "
                          f"generator = \"name\")")
    try:
        gen = registry.declaration(name)
    except KeyError as exc:
        raise PresetError(f"{shown_name(source)}: {exc.args[0]}") from None
    raw = doc.get("params", {})
    if not isinstance(raw, Mapping):
        raise PresetError(f"{shown_name(source)}: [params] must be a table")
    raw = gen.complete_stored(raw)
    try:
        params = coerce_values(gen.params, raw)
        gen.validate(params)
    except (ParamError, OverflowError) as exc:
        raise PresetError(f"{shown_name(source)}: {exc}") from None
    seed = doc.get("seed")
    if seed is not None:
        seed = _check_seed(gen, seed, source)
    title = doc.get("title", "")
    if not isinstance(title, str):
        raise PresetError(f"{shown_name(source)}: title must be a text, not {type(title).__name__}")
    extra = {k: v for k, v in doc.items() if k not in ("generator", "params", "seed", "title")}
    return Preset(name, params, seed, title, extra)


def _check_seed(gen: Declaration, seed: Any, source: str) -> int | str:
    """The preset's seed as its generator takes it, or PresetError."""
    text_seeds = gen.seed_kind == "text"
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        kind = "a text or a whole number" if text_seeds else "a whole number"
        raise PresetError(f"{shown_name(source)}: seed must be {kind}, not {type(seed).__name__} "
                          f"{str(seed)[:40]}")
    try:
        return gen.check_seed(seed)
    except ParamError as exc:
        raise PresetError(f"{shown_name(source)}: {exc}") from None


def load_preset(path: str | os.PathLike) -> Preset:
    """The preset in ``path``, or PresetError (unreadable, not a regular
    file, too large, not UTF-8 text, not a preset the generator accepts)."""
    try:
        name = os.fspath(path)
    except TypeError:
        raise PresetError(f"cannot read {path!r}: not a file name") from None
    label = os.path.basename(name) or name
    try:
        data = read_limited(name, PRESET_MAX_BYTES, "preset", label)
    except InputFileError as exc:
        raise PresetError(str(exc)) from None
    except (OSError, ValueError) as exc:
        why = getattr(exc, "strerror", None) or exc
        raise PresetError(f"cannot read {shown_name(name)}: {why}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PresetError(f"{shown_name(label)}: not a preset (not UTF-8 text: byte "
                          f"{exc.start + 1})") from None
    return parse_preset(text, label)


def shipped_presets(folder: Path = PRESET_DIR) -> list[Path]:
    """The presets that come with the program, by file name."""
    return sorted(folder.glob("*.toml")) if folder.is_dir() else []


def is_shipped(path: str | os.PathLike) -> bool:
    """Whether ``path`` is one of the presets that come with the program."""
    try:
        real = os.path.realpath(os.fspath(path))
    except (TypeError, ValueError, OSError):
        return False
    return any(real == os.path.realpath(p) for p in shipped_presets())
