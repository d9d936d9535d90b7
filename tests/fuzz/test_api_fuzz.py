"""Each generator's ``validate``/``check_seed``/``generate`` under hostile
values built from its Params (see api_cases.run_api for the promises)."""

from __future__ import annotations

import os

import pytest
import registered
from api_cases import api_cases, run_api
from hypothesis import HealthCheck, given, settings

# examples per generator in CI (FUZZ_EXAMPLES overrides); one not listed gets 100
CI_EXAMPLES = {"fairland": 250, "tgp": 200, "ports": 150, "numberlink": 250}


def fuzz(name: str):
    examples = CI_EXAMPLES.get(name, 100)
    return settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", examples)),
                    derandomize=True, database=None, deadline=None,
                    suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("name", registered.names())
def test_api(name):
    @fuzz(name)
    @given(case=api_cases(name))
    def run(case):
        run_api(name, *case)

    run()


@pytest.mark.parametrize("name", registered.names())
def test_unknown_keys_are_refused_by_name(name):
    from viewer import registry
    from viewer.engine.params import ParamError

    gen = registry.declaration(name).engine
    for key in (5, None, (1, 2), "bogus"):
        with pytest.raises(ParamError, match="unknown parameter"):
            gen.validate({key: 1})
    with pytest.raises(ParamError, match="bogus"):
        gen.validate({"bogus": 1, 7: 2})
