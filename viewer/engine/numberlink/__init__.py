"""Number Link: Tatham's path-grid generator, a SAT solver, unique puzzles."""
