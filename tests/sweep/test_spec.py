"""A sweep's specification is checked before anything runs: every bad spec
is refused with the message of the parameter at fault."""

from __future__ import annotations

import pytest

from viewer.engine.params import ParamError
from viewer.sweep import build_spec, parse_seeds


def refused(**kw) -> ParamError:
    kw.setdefault("seeds", "1..10")
    with pytest.raises(ParamError) as info:
        build_spec(kw.pop("generator", "fairland"), **kw)
    return info.value


def test_cases_are_seed_major_with_the_first_varied_parameter_outermost():
    spec = build_spec("fairland", {"sp": 20}, "3..5", [("nc", [5, 1]), ("pm", [0, 10, 20])])
    assert spec.n_cases == 3 * 2 * 3
    assert [spec.case(k)[0] for k in (0, 5, 6, 17)] == [3, 3, 4, 5]
    assert [(spec.case(k)[1]["nc"], spec.case(k)[1]["pm"]) for k in range(6)] == \
        [(5, 0), (5, 10), (5, 20), (1, 0), (1, 10), (1, 20)]
    assert all(spec.case(k)[1]["sp"] == 20 for k in range(spec.n_cases))
    assert spec.varied == (("nc", (5, 1)), ("pm", (0, 10, 20)))


def test_columns_are_seed_params_ok_error_metrics():
    spec = build_spec("tgp", {"size": "64x64"}, "1,2")
    assert spec.columns[:2] == ("seed", "size")
    i = spec.columns.index("ok")
    assert spec.columns[i:i + 2] == ("ok", "error")
    assert spec.columns[i + 2:] == spec.metric_names
    assert {"water_share", "mean_height", "max_height"} <= set(spec.metric_names)
    assert len(set(spec.columns)) == len(spec.columns)


def test_named_values_are_checked_and_converted_by_the_generator():
    spec = build_spec("tgp", {"size": "64x64"}, "1", [("terrain", ["flat", "mountainous"])])
    assert spec.varied == (("terrain", (1, 3)),)


def test_seeds():
    assert parse_seeds("5..7") == range(5, 8)
    assert parse_seeds("9, 4,4") == (9, 4, 4)
    assert parse_seeds("1..3", "text") == ("1", "2", "3")
    many = parse_seeds("1..1000000", "text")   # not a list of a million texts
    assert len(many) == 10**6 and many[-1] == "1000000" and many[5:7] == ("6", "7")
    assert parse_seeds("a,b", "text") == ("a", "b")
    assert build_spec("numberlink", {}, "1..2").seeds == ("1", "2")


def test_unknown_parameter_names_the_generators_parameters():
    err = refused(fixed={"spikes": 3})
    assert "unknown parameter(s): spikes" in str(err) and "sp, pm" in str(err)
    assert err.param == "spikes"
    assert "unknown parameter(s): colour" in str(refused(vary=[("colour", [1, 2])]))


def test_value_out_of_range_gives_the_params_message():
    assert str(refused(fixed={"sp": 150})) == "spike percentage must be between 0 and 100"
    err = refused(generator="tgp", vary=[("sea_level", [1, 7])])
    assert str(err) == "Sea level must be at most 4, not 7" and err.param == "sea_level"
    assert "power of two" in str(refused(generator="tgp", fixed={"size": "100x100"}))
    assert "whole number" in str(refused(fixed={"nc": "many"}))


def test_a_rule_spanning_parameters_is_checked_on_every_combination():
    # nc=3 with the default 5 islands breaks "a multiple of the continents"...
    err = refused(vary=[("nc", [5, 3])])
    assert "multiple of the number of continents" in str(err)
    # ...but varying the islands alongside may make every combination valid.
    assert build_spec("fairland", {"nc": 3}, "1", [("ni", [3, 6])]).n_cases == 2


@pytest.mark.parametrize("seeds, message", [
    ("5..1", "seed range 5..1 is empty"),
    ("", "no seeds"),
    (" , ", "no seeds"),
    ("1..x", "expected A..B"),
    ("-1..4", "seed must be from 0 to 4294967295"),
    ("0..4294967296", "seed must be from 0 to 4294967295"),
    ("1,two", "seed must be a whole number"),
])
def test_bad_seeds(seeds, message):
    assert message in str(refused(seeds=seeds))


def test_bad_variations():
    assert "at most 2 parameters may vary" in str(
        refused(vary=[("sp", [1]), ("pm", [2]), ("di", [3])]))
    assert "both set and varied" in str(refused(fixed={"sp": 5}, vary=[("sp", [1, 2])]))
    assert "varied twice" in str(refused(vary=[("sp", [1]), ("sp", [2])]))
    assert "no values" in str(refused(vary=[("sp", [])]))
    assert "cannot be varied" in str(refused(generator="numberlink",
                                             vary=[("check_unique", [0, 1])]))
    assert "unknown generator" in str(refused(generator="mapgen4"))


def test_metric_options_add_their_metrics():
    plain = build_spec("numberlink", {"size": "5x5"}, "1")
    checked = build_spec("numberlink", {"size": "5x5", "check_unique": "1"}, "1")
    assert "unique_solution" not in plain.columns
    assert checked.columns[-1] == "unique_solution"
    assert checked.options == {"check_unique": True, "check_grade": False, "puzzle_url": False}
    assert "check_unique" in checked.param_columns
