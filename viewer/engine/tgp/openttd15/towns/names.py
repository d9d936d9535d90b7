"""English (Original) town names of OpenTTD 15.2 (``townname.cpp``,
``table/townname.h``): a town's name is drawn as one Random() (its
``townnameparts``) and rendered from the bits of that word.

Rendering (MakeEnglishOriginalTownName): an optional prefix from bits 0..15
(biased, so most names have none), four mandatory parts from the 16-bit
windows starting at bits 4, 7, 10 and 13, an optional suffix from bits
15..30; then the start of the name has a few unlucky beginnings replaced
(ReplaceEnglishWords).  Several words render to one name, so uniqueness is
checked on the rendered text (VerifyTownName), and a name of 32 or more
characters is refused.
"""

from __future__ import annotations

from collections.abc import Iterable

from viewer.engine.tgp.game import Randomizer

SPECSTR_TOWNNAME_START = 0x20C0
"""``townnametype`` of the built-in generators: this plus the
``game_creation.town_name`` setting (0: English (Original))."""

MAX_LENGTH_TOWN_NAME_CHARS = 32
"""Names of this many characters (the game counts its '\\0') are refused."""

GENERATE_TOWN_NAME_TRIES = 1000

# The name parts (our transcription of table/townname.h's English (Original)).
PREFIXES = ("Great ", "Little ", "New ", "Fort ")
ONSETS = ("Wr", "B", "C", "Ch", "Br", "D", "Dr", "F", "Fr", "Fl", "G", "Gr", "H",
          "L", "M", "N", "P", "Pr", "Pl", "R", "S", "S", "Sl", "T", "Tr", "W")
VOWELS = ("ar", "a", "e", "in", "on", "u", "un", "en")
CODAS = ("n", "ning", "ding", "d", "", "t", "fing")
ENDINGS = ("ville", "ham", "field", "ton", "town", "bridge", "bury", "wood", "ford",
           "hall", "ston", "way", "stone", "borough", "ley", "head", "bourne", "pool",
           "worth", "hill", "well", "hattan", "burg")
SUFFIXES = ("-on-sea", " Bay", " Market", " Cross", " Bridge", " Falls", " City",
            " Ridge", " Springs")

# ReplaceEnglishWords for the original generator: (beginning, replacement),
# tried in this order, each on the name's first characters only.
REPLACEMENTS = (("Ce", "Ke"), ("Ci", "Ki"), ("Cunt", "East"), ("Slag", "Pits"),
                ("Slut", "Edin"), ("Drar", "Quar"), ("Dreh", "Bash"), ("Frar", "Shor"),
                ("Grar", "Aber"), ("Brar", "Over"), ("Wrar", "Inve"))


def seed_chance(shift: int, count: int, seed: int) -> int:
    """``SeedChance``: the 16 bits of ``seed`` from ``shift`` scaled to
    0 .. count-1."""
    return (((seed >> shift) & 0xFFFF) * count) >> 16


def seed_chance_bias(shift: int, count: int, seed: int, bias: int) -> int:
    """``SeedChanceBias``: as :func:`seed_chance` over count + bias, less
    bias (negative: no part)."""
    return seed_chance(shift, count + bias, seed) - bias


def english_original_name(seed: int) -> str:
    """``MakeEnglishOriginalTownName``: the name the word ``seed`` renders."""
    i = seed_chance_bias(0, len(PREFIXES), seed, 50)
    name = PREFIXES[i] if i >= 0 else ""
    name += ONSETS[seed_chance(4, len(ONSETS), seed)]
    name += VOWELS[seed_chance(7, len(VOWELS), seed)]
    name += CODAS[seed_chance(10, len(CODAS), seed)]
    name += ENDINGS[seed_chance(13, len(ENDINGS), seed)]
    i = seed_chance_bias(15, len(SUFFIXES), seed, 60)
    if i >= 0:
        name += SUFFIXES[i]
    for old, new in REPLACEMENTS:
        if name.startswith(old):
            name = new + name[len(old):]
    return name


def town_name(townnametype: int, townnameparts: int) -> str:
    """``GetTownName``: the name of a town of this type and parts (the
    built-in English (Original) generator only)."""
    if townnametype != SPECSTR_TOWNNAME_START:
        raise NotImplementedError(f"town name style {townnametype - SPECSTR_TOWNNAME_START} "
                                  "is not yet supported (only English (Original))")
    return english_original_name(townnameparts)


def verify_town_name(r: int, town_names: set[str] | None = None,
                     existing: Iterable[str] = ()) -> bool:
    """``VerifyTownName``: whether the word ``r`` renders a valid, unique
    name.  With ``town_names`` (GenerateTowns' set) a new name is added to
    it; without, it is compared with the ``existing`` towns' names."""
    name = english_original_name(r)
    if len(name) >= MAX_LENGTH_TOWN_NAME_CHARS:
        return False
    if town_names is not None:
        if name in town_names:
            return False
        town_names.add(name)
        return True
    return name not in set(existing)


def generate_town_name(rng: Randomizer, town_names: set[str] | None = None,
                       existing: Iterable[str] = ()) -> int | None:
    """``GenerateTownName(_random, &parts, town_names)``: up to 1000 draws
    until one renders a valid, unique name; that word (the town's
    ``townnameparts``), or None when none did.  Marks ``GenerateTownName``
    in the trail."""
    rng.mark("GenerateTownName")
    existing = list(existing)
    for _ in range(GENERATE_TOWN_NAME_TRIES):
        r = rng.next()
        if verify_town_name(r, town_names, existing):
            return r
    return None
