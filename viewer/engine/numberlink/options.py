"""The values Number Link's settings take and their limits, for the Params
and the metrics' names (a module without numpy: the declaration, and so
every ``numberlink ... -h``, needs them, not the puzzles)."""

RULES = ("fill-no-touch", "fill", "free")
"""The puzzle rules (:mod:`.puzzle`)."""
TECHNIQUES = ("E1", "E2", "E3", "E4", "N1", "N2", "N3", "H1")
"""The deduction techniques, by tier (:mod:`.deduce`)."""
GRADES = ("easy", "normal", "hard", "extreme")
DIFFICULTIES = ("any",) + GRADES
"""What graded generation may be asked for (``any``: no grade wanted; :mod:`.grade`)."""
GRADED_MIN_LENGTH = 3
GRADED_MAX_BORING = 25
"""Graded generation's quality controls (:mod:`.graded`)."""
MAX_BRIDGES = 50
PUZZLE_FORMATS = ("text", "testmain", "url", "pzprv3", "janko", "flow")
"""The formats a puzzle is read from and written in (:mod:`viewer.formats.numberlink_sources`)."""
URL_TYPES = ("numlin", "arukone")
"""The puzz.link types of Number Link (:mod:`.puzzlink`)."""
"""The most bridges a puzzle may be asked for (:mod:`.bridges`)."""
