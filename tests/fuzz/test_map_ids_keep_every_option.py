"""Map IDs keep every option: Copy map ID then Paste map ID gives back every
value of every parameter of every generator (or Copy says in one line that
no command line makes the map), and a pasted map ID reads no file the user
did not choose."""

from __future__ import annotations

import pytest
from hostile import REPO

from viewer import registry
from viewer.engine.params import AtLeast, ParamError
from viewer.workbench.map_id import MapIdError, map_id, parse_map_id

SIZES = ((128, 64), (64, 128), (12, 9), (40, 20), (5, 5), (3, 3))


def _candidates(p, values):
    """Values of ``p`` other than its default, in bounds where it has them."""
    lo, hi = p.bounds(values)
    if p.kind == "choice":
        return [c for c in p.choices if c != p.default]
    if p.kind == "bool":
        return [not p.default]
    if p.kind == "int":
        out = [v for v in (p.default + 1, p.default - 1, hi, lo) if v is not None]
        return [v for v in out if (lo is None or v >= lo) and (hi is None or v <= hi)]
    if p.kind == "float":
        out = [v for v in (p.default + 0.25, p.default - 0.25, hi, lo) if v is not None]
        return [float(v) for v in out if (lo is None or v >= lo) and (hi is None or v <= hi)]
    if p.kind == "size":
        return [s for s in SIZES if s != tuple(p.default)]
    if p.kind == "curve":
        return [((0.0, 1.0), (45.0, 0.25), (90.0, 0.5))]
    return []


def _counting(decl, p) -> dict:
    """Values under which ``p`` counts (its conditions met)."""
    base: dict = {}
    for cond in p.conditions():
        if decl.param(cond.param).default in cond.values:
            continue
        if isinstance(cond.values, AtLeast):
            base[cond.param] = max(cond.values.least, 1)
        else:
            base[cond.param] = next(iter(cond.values))
        other = decl.param(cond.param)
        base.update({k: v for k, v in _counting(decl, other).items() if k not in base})
    return base


def _cases():
    for name in registry.names():
        decl = registry.declaration(name)
        for p in decl.params:
            if p.kind != "path":         # a file is never read from a map ID (below)
                yield pytest.param(name, p.name, id=f"{name}-{p.name}")


@pytest.mark.parametrize("name,param", list(_cases()))
def test_copy_then_paste_gives_every_value_back(name, param, tmp_path):
    from hostile import grey_png

    decl = registry.declaration(name)
    p = decl.param(param)
    base = _counting(decl, p)
    files = [q for q in decl.params if q.kind == "path"]
    if base.get("source") == "png" or (param == "source"):
        base.update({q.name: str(grey_png(tmp_path / "h.png", 64)) for q in files})
    tried = []
    # (a setting whose every other value the engine refuses for now: its default)
    for value in [*_candidates(p, decl.validate(base)), p.default]:
        try:
            values = decl.validate({**base, param: value})
        except ParamError as exc:
            tried.append(str(exc))
            continue
        seed = decl.check_seed(decl.default_seed)
        if any(values[q.name] for q in files):  # a map made from a file: no map ID says it
            with pytest.raises(MapIdError) as err:
                map_id(decl, values, seed)
            assert "a map ID reads no file" in str(err.value) and "\n" not in str(err.value)
            break
        text = map_id(decl, values, seed)   # Copy map ID: refused (MapIdError) or read back
        back = parse_map_id(text)
        assert back.generator == name
        assert back.values == values, text
        assert back.seed == seed, text
        break
    else:
        pytest.fail(f"no value of {name}'s {param} to try: {tried}")


def test_copy_refuses_a_map_whose_option_does_not_come_back(monkeypatch):
    """The read-back check: a command line that loses an option (as Number
    Link's once lost --min-length) makes Copy map ID refuse, in one line."""
    from viewer.cli import numberlink

    decl = registry.declaration("numberlink")
    values = decl.validate({"difficulty": "easy", "min_length": 4})
    real = numberlink._generate_values

    def losing(args, w, h):
        out = real(args, w, h)
        out["min_length"] = 0
        return out

    monkeypatch.setattr(numberlink, "_generate_values", losing)
    with pytest.raises(MapIdError) as err:
        map_id(decl, values, "7")
    assert "min_length" in str(err.value) and "\n" not in str(err.value)


def test_a_numberlink_map_id_keeps_the_grade_and_quality_options():
    back = parse_map_id("python -m viewer numberlink generate --size 10x10 --seed s "
                        "--difficulty hard --bridges 2 --min-length 4 --max-same-length 40")
    assert (back.values["difficulty"], back.values["bridges"], back.values["min_length"],
            back.values["max_same_length"]) == ("hard", 2, 4, 40)


@pytest.mark.parametrize("text,flag", [
    ("fairland -e /etc/passwd 5 30", "-e"),
    ("ports --source png --png-heightmap /etc/hostname", "--png-heightmap"),
    ("tgp --preset /etc/passwd", "--preset"),
    ("tgp --size 64x64 --preset=x.toml", "--preset"),
    ("tgp --openttd-cfg /etc/passwd", "--openttd-cfg"),
])
def test_a_pasted_map_id_reads_no_file(monkeypatch, tmp_path, text, flag):
    import builtins
    import io

    opened = []
    real_open, real_io_open = builtins.open, io.open

    def spy(f, *a, **kw):
        opened.append(str(f))
        return real_open(f, *a, **kw)

    monkeypatch.setattr(builtins, "open", spy)
    monkeypatch.setattr(io, "open", spy)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.toml").write_text('generator = "tgp"\n')
    with pytest.raises(MapIdError) as err:
        parse_map_id(text)
    message = str(err.value)
    assert f"{flag}: a map ID reads no file" in message and "\n" not in message
    assert not [f for f in opened if f in ("/etc/passwd", "/etc/hostname", "x.toml")]
    monkeypatch.setattr(builtins, "open", real_open)
    monkeypatch.setattr(io, "open", real_io_open)


def test_a_map_id_may_name_a_shipped_preset():
    path = REPO / "resources" / "presets" / "tgp-islands.toml"
    back = parse_map_id(f"python -m viewer tgp --preset {path} --size 64x64")
    assert back.values["openttd"] == "r13671" and back.values["sea_level"] == 3
    assert back.seed == 2008


def test_a_png_chosen_then_left_for_tgp_is_not_in_the_map_id(tmp_path):
    """Ports on TGP with a heightmap PNG chosen before: the map is TGP's, so
    its ID says no PNG (which, pasted, would switch to the PNG source)."""
    from hostile import grey_png

    decl = registry.declaration("ports")
    png = str(grey_png(tmp_path / "h.png", 64))
    values = decl.validate({"png_path": png, "source": "tgp", "n_ports": 7})
    text = map_id(decl, values, 3)
    assert "--png-heightmap" not in text and "h.png" not in text
    back = parse_map_id(text)
    assert back.values == {**values, "png_path": ""} and back.seed == 3
    assert decl.validate(back.values)["source"] == "tgp"
