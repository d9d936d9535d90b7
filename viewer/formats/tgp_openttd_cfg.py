"""A player's openttd.cfg, read as OpenTTD 15.2 reads it, for the settings
that shape a New Game's map (:mod:`viewer.engine.tgp.game_settings`).

The game's ini reader (``ini_load.cpp``): a line is trimmed; empty lines and
lines starting with ``#`` or ``;`` are comments; ``[name]`` opens a group;
``key = value`` (or ``key value``; the key and the value may be quoted, the
value's quotes simply dropped) is an item of the current group; the first
group of a name and the first item of a name in it are the ones read.  A
setting ``section.name`` is item ``name`` of group ``[section]`` (or, when
that group does not have it, of the old ``[patches]`` group).  An item
with no value means the default.

Values as the game parses them (``settings.cpp``): a number in decimal; a
boolean ``true``/``on``/``1`` or ``false``/``off``/``0``; a one-of-many
setting (the climate, the town names) its index or its word
(``landscape = tropic``); a drop-down its index; map sizes as powers of two
(``map_x = 8``: 256 tiles).  Where the game would quietly take its default
or clamp (a word that is no number, trailing characters, a value out of
bounds), this reader refuses the file with one line naming the file, the
line and the setting, since the map made would not be the one the player's
game makes.  Settings that shape nothing on a New Game's map with
TerraGenesis (the window's, the network's, the scenario editor's,
heightmaps') are ignored; a land generator other than TerraGenesis is
refused.  :attr:`OpenttdCfg.notes` says what the game would do otherwise
(NewGRFs configured, town and road settings kept at the game's defaults here).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.names import shown_name
from ..engine.tgp import game_settings as gs
from .reading import InputFileError, read_limited

MAX_BYTES = 4 << 20
"""A larger file is no openttd.cfg."""
FALLBACK_GROUP = "patches"
NEWGRF_GROUP = "newgrf"
TRUE_WORDS, FALSE_WORDS = ("true", "on", "1"), ("false", "off", "0")
MAP_LOG_BOUNDS = (6, 12)   # game_creation.map_x, map_y: 64 .. 4096 tiles


def default_path() -> Path:
    """Where the game keeps its openttd.cfg on this system (the first that
    exists of the XDG config folder's and the older ``~/.openttd``; else the
    XDG one): the one the window offers first."""
    home = Path.home()
    xdg = Path(os.environ.get("XDG_CONFIG_HOME") or home / ".config") / "openttd" / "openttd.cfg"
    for path in (xdg, home / ".openttd" / "openttd.cfg",
                 home / "Documents" / "OpenTTD" / "openttd.cfg"):
        if path.is_file():
            return path
    return xdg


class OpenttdCfgError(ValueError):
    """An openttd.cfg this program cannot take (the message is one line)."""


@dataclass
class OpenttdCfg:
    """What an openttd.cfg says about the map: ``settings`` by the game's
    names, as the game holds them (numbers, booleans), those the file sets;
    ``lines`` the line each was read from; ``notes`` what else the player
    should know."""

    path: str
    settings: dict[str, Any] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def values(self) -> dict[str, Any]:
        """The TGP generator's values of these settings (OpenTTD 15.2; the
        settings the file does not set: the game's defaults, which are the
        generator's), validated; a value the generator refuses is an
        :class:`OpenttdCfgError` naming its line."""
        from ..engine.params import ParamError
        from ..engine.tgp.generator import TGP

        values = gs.to_values(self.settings)
        try:   # (checked for the map the game makes: its towns too)
            TGP.validate({**values, "stop_after": "towns"})
            return TGP.validate(values)
        except ParamError as exc:
            raise self._error_for(exc) from None

    def _error_for(self, exc) -> OpenttdCfgError:
        for s in gs.SETTINGS:
            if s.param == getattr(exc, "param", None) and s.game in self.lines:
                return self.error(s.game, str(exc))
        return OpenttdCfgError(f"{shown_name(self.path)}: {exc}")

    def error(self, setting: str, why: str) -> OpenttdCfgError:
        return OpenttdCfgError(f"{shown_name(self.path)}, line {self.lines[setting]}: "
                               f"{setting}: {why}")


def _items(text: str) -> dict[str, dict[str, tuple[str | None, int]]]:
    """The file's groups: name -> item name -> (value or None, line); the
    first of each name."""
    groups: dict[str, dict[str, tuple[str | None, int]]] = {}
    group: dict | None = None
    sequence = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip(" \t\r\n")
        if not line or line[0] in "#;":
            continue
        if line[0] == "[":
            name = line[1:].split("]", 1)[0]
            sequence = name in (NEWGRF_GROUP, "newgrf-static", "ai_players", "game_scripts",
                                "servers", "bans")
            # (a later group of a name already read: the game reads the first)
            group = {} if name in groups else groups.setdefault(name, {})
            continue
        if group is None:
            continue   # (an item outside any group: the game reports it and skips it)
        if sequence:
            group.setdefault(line, (None, number))
            continue
        if line[0] == '"':
            key, _, rest = line[1:].partition('"')
        else:
            cut = min((i for i in (line.find("="), line.find("\t"), line.find(" "))
                       if i >= 0), default=len(line))
            key, rest = line[:cut], line[cut:]
        rest = rest.lstrip("=\t ")
        if rest.startswith('"'):
            value: str | None = rest[1:-1] if rest.endswith('"') and len(rest) > 1 else rest[1:]
        else:
            value = rest or None
        group.setdefault(key, (value, number))
    return groups


def _parse(s: gs.GameSetting, text: str, bounds: tuple[int, int] | None) -> Any:
    """The value of setting ``s`` written ``text``, as the game parses it; a
    ValueError with the reason where the game would not take it as written."""
    word = text.strip()
    if s.codec == "bool":
        if word in TRUE_WORDS:
            return True
        if word in FALSE_WORDS:
            return False
        raise ValueError(f"{text!r} is not a boolean (true or false)")
    if s.codec == "choice" and s.names and word in s.names:
        return s.names.index(word)
    sign = word[:1] if word[:1] in "+-" else ""
    digits = word[len(sign):]
    if not digits.isdigit() or not digits.isascii():
        names = f" or one of {', '.join(s.names)}" if s.names else ""
        raise ValueError(f"{text!r} is not a number{names}")
    v = int(word)
    if bounds is not None and not bounds[0] <= v <= bounds[1]:
        raise ValueError(f"{v} is out of bounds ({bounds[0]}..{bounds[1]})")
    return v


def _bounds(s: gs.GameSetting) -> tuple[int, int] | None:
    """The game's bounds of the setting (the Param's, as the game's; a
    choice's: its indices)."""
    if s.codec == "log2":
        return MAP_LOG_BOUNDS
    if s.codec == "bool":
        return None
    from ..engine.tgp.generator import PARAMS

    p = next(p for p in PARAMS if p.name == s.param)
    if s.codec == "choice":
        return 0, len(p.choices) - 1
    return int(p.minimum), int(p.maximum)


def read_openttd_cfg(path: str | os.PathLike) -> OpenttdCfg:
    """The map's settings in openttd.cfg ``path`` (:class:`OpenttdCfgError`,
    one line, for a file that cannot be read or a value refused)."""
    name = shown_name(str(path))
    try:   # (a folder, a pipe or a device refused unread)
        data = read_limited(os.fspath(path), MAX_BYTES, "openttd.cfg")
    except InputFileError as exc:
        raise OpenttdCfgError(str(exc)) from None
    except OSError as exc:
        raise OpenttdCfgError(f"{name}: cannot read it ({exc.strerror or exc})") from None
    if b"\0" in data:
        raise OpenttdCfgError(f"{name}: not an openttd.cfg (a binary file)")
    groups = _items(data.decode("utf-8", errors="replace"))
    cfg = OpenttdCfg(str(path))

    def item(setting: str) -> tuple[str | None, int] | None:
        section, _, key = setting.partition(".")
        found = groups.get(section, {}).get(key)
        if found is None:
            found = groups.get(FALLBACK_GROUP, {}).get(key)
        return found

    for s in gs.SETTINGS:
        found = item(s.game)
        if found is None or found[0] is None:
            continue
        text, line = found
        cfg.lines[s.game] = line
        try:
            cfg.settings[s.game] = _parse(s, text, _bounds(s))
        except ValueError as exc:
            raise cfg.error(s.game, str(exc)) from None
    found = item(gs.LAND_GENERATOR)
    if found is not None and found[0] is not None:
        cfg.lines[gs.LAND_GENERATOR] = found[1]
        try:
            generator = _parse(gs.GameSetting(gs.LAND_GENERATOR, "", "int"), found[0], (0, 1))
        except ValueError as exc:
            raise cfg.error(gs.LAND_GENERATOR, str(exc)) from None
        if generator != gs.LAND_GENERATOR_TGP:
            raise cfg.error(gs.LAND_GENERATOR, "0 is the original land generator; only "
                            "TerraGenesis (1) is made here")
    for setting, default in gs.SHAPING_DEFAULTS.items():
        found = item(setting)
        if found is None or found[0] is None:
            continue
        word = found[0].strip()
        same = (word in (TRUE_WORDS if default else FALSE_WORDS)) if isinstance(default, bool) \
            else word == str(default)
        if not same:
            cfg.notes.append(f"{setting} = {word} (line {found[1]}) shapes the game's first "
                             f"map; this map is made with the game's default {default}")
    if groups.get(NEWGRF_GROUP):
        cfg.notes.append("NewGRFs are configured ([newgrf]): the game's map with them may "
                         "differ; this map is made without")
    return cfg


def _read_values(path) -> tuple[dict[str, Any], list[str]]:
    """The declared settings file's ``read``: the values of the settings an
    openttd.cfg sets (OpenTTD 15.2's), its notes."""
    cfg = read_openttd_cfg(path)
    values = cfg.values()
    return {"openttd": "15.2", **{k: values[k] for k in gs.param_names()}}, cfg.notes


def _settings_file():
    from ..declaration import SettingsFile

    return SettingsFile("Use settings from openttd.cfg...", "OpenTTD settings (*.cfg);;All "
                        "files (*)", default_path, _read_values)


SETTINGS_FILE = _settings_file()
"""What the window's File > Use settings from openttd.cfg... reads."""
