"""The built-in generators, each declared whole in one module here
(``viewer/generators/<name>.py``: its engine and, by import path, its
renderer, inspector rows, exports, window view, opener and command-line
extras), and what the set-up does with all of them (:mod:`.warmup`).

This layer is above every other: it is where a generator's parts meet.
:mod:`viewer.registry` names each declaration here by import path, so a
command imports the one generator it runs."""
