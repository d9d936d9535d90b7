"""English (Original) town names (openttd15.towns.names) against the names
the real game gave every town of the openttd-firstframe reference, and the
uniqueness and length rules of VerifyTownName."""

from __future__ import annotations

import firstframe as ff
import pytest

from viewer.engine.tgp.game import Randomizer
from viewer.engine.tgp.openttd15.towns.names import (
    MAX_LENGTH_TOWN_NAME_CHARS,
    SPECSTR_TOWNNAME_START,
    english_original_name,
    generate_town_name,
    town_name,
    verify_town_name,
)


@pytest.mark.parametrize("case_id", ff.case_ids() or ["none"])
def test_every_town_renders_to_the_games_name(case_id):
    towns = [t for stage in ("towns", "world") for t in ff.stage_record(case_id, stage)["towns"]]
    assert towns
    for t in towns:
        assert t["townnametype"] == SPECSTR_TOWNNAME_START
        assert town_name(t["townnametype"], t["townnameparts"]) == t["name"], t


def test_a_name_already_taken_is_refused_and_the_set_grows():
    names: set[str] = set()
    word = 944765243
    assert verify_town_name(word, names)
    assert names == {english_original_name(word)}
    assert not verify_town_name(word, names)
    # without a set, the towns' names are compared
    assert not verify_town_name(word, None, [english_original_name(word)])
    assert verify_town_name(word, None, ["Elsewhere"])


def test_the_replacements_act_on_the_names_beginning_only():
    # words spread over the 32 bits: onsets and vowels make "Ce", "Ci", "Slag"... at the start
    rng = Randomizer(3, 4)
    seen = {english_original_name(rng.next()) for _ in range(20000)}
    for bad in ("Ce", "Ci", "Cunt", "Slag", "Slut", "Drar", "Dreh", "Frar", "Grar", "Brar", "Wrar"):
        assert not any(n.startswith(bad) for n in seen)
    assert any(n.startswith("Ke") for n in seen) and any(n.startswith("Ki") for n in seen)
    assert all(len(n) < MAX_LENGTH_TOWN_NAME_CHARS for n in seen)


def test_generate_draws_until_a_new_name():
    rng = Randomizer(0x12345678, 0x9ABCDEF0)
    names: set[str] = set()
    words = [generate_town_name(rng, names) for _ in range(50)]
    assert len({english_original_name(w) for w in words}) == 50 == len(names)
    # the first draw is the first word when nothing is taken yet
    fresh = Randomizer(0x12345678, 0x9ABCDEF0)
    assert words[0] == fresh.next()
    # with every name taken, 1000 draws and then none
    full = Randomizer(1, 2)
    taken = {english_original_name(full.copy().next())}

    class Everything(set):
        def __contains__(self, item):
            return True

    calls = full.calls
    assert generate_town_name(full, Everything(taken)) is None
    assert full.calls - calls == 1000
