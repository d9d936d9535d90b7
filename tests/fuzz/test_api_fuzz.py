"""Each generator's ``validate``/``check_seed``/``generate`` under hostile
values built from its Params (see api_cases.run_api for the promises)."""

from __future__ import annotations

import os

import pytest
from api_cases import api_cases, run_api
from hypothesis import HealthCheck, given, settings

CI_EXAMPLES = {"fairland": 250, "tgp": 200, "ports": 150, "numberlink": 250}


def fuzz(name: str):
    return settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", CI_EXAMPLES[name])),
                    derandomize=True, database=None, deadline=None,
                    suppress_health_check=list(HealthCheck))


@fuzz("fairland")
@given(case=api_cases("fairland"))
def test_fairland_api(case):
    run_api("fairland", *case)


@fuzz("tgp")
@given(case=api_cases("tgp"))
def test_tgp_api(case):
    run_api("tgp", *case)


@fuzz("ports")
@given(case=api_cases("ports"))
def test_ports_api(case):
    run_api("ports", *case)


@fuzz("numberlink")
@given(case=api_cases("numberlink"))
def test_numberlink_api(case):
    run_api("numberlink", *case)


@pytest.mark.parametrize("name", ["fairland", "tgp", "ports", "numberlink"])
def test_unknown_keys_are_refused_by_name(name):
    from viewer import registry
    from viewer.engine.params import ParamError

    gen = registry.declaration(name).engine
    for key in (5, None, (1, 2), "bogus"):
        with pytest.raises(ParamError, match="unknown parameter"):
            gen.validate({key: 1})
    with pytest.raises(ParamError, match="bogus"):
        gen.validate({"bogus": 1, 7: 2})
