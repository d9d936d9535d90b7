"""The values the ports' settings take, for the Params (a module without
numpy: the declaration, and so every ``ports -h``, needs them, not the maps)."""

DISTRIBUTIONS = ("log-normal", "log-uniform", "constant")
"""The town populations' distributions (:mod:`.placement`)."""
LOCAL_SIZES = (9, 17, 33, 65, 129)
"""The sides of the local terrain views (:mod:`.local`)."""
