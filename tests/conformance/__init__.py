"""Conformance suite (issue 15): bad inputs per signature, random legal play, stateful undo, random clicks.

Scale every count with the environment variable ``KIT_CONFORMANCE_SCALE`` (default 1; 0.2 for a
quick look, 5 for a long soak).  The counts of calls, games and clicks are printed at the end of
the pytest run.
"""
