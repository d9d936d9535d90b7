"""The values TGP's settings take, for the Params (a module without
numpy: the declaration, and so every ``tgp -h``, needs them, not the maps)."""

LANDSCAPES = ("temperate", "arctic", "tropic", "toyland")
LANDSCAPE_NAMES = ("Temperate", "Sub-arctic", "Sub-tropical", "Toyland")
"""The climates as the game names them (the command line takes LANDSCAPES)."""
SMOOTHNESS = ("very smooth", "smooth", "rough", "very rough")
TERRAIN = ("very flat", "flat", "hilly", "mountainous", "alpinist", "custom")
"""OpenTTD 15.2's terrain types (r13671 has the first four)."""
SEA_LEVEL = ("very low", "low", "medium", "high", "custom")
"""OpenTTD 15.2's sea levels (r13671 has the first four)."""
