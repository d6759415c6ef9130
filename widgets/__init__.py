"""Interactive boards for the kit's games, built on ipywidgets (``fifteen_kit.widgets``).

This folder is installed as the subpackage ``fifteen_kit.widgets``.  Boards hold
one engine object and redraw from it; they never re-implement a rule.  Importing
``fifteen_kit`` never imports this package, so the engine stays light.

* :class:`GameOf15Board` -- the Game of 15, with its magic-square twin.
* :class:`DiceBoard` -- the "15" dice game for humans and computers, with an exact coach.
* :class:`FifteensBoard` -- Fifteens patience with hints and the thoughtful solver.
* :class:`FiveBy15Board` -- the 5x15 tile solitaire, with loop detection and a solver's hint.
* :class:`SelfCheck` -- a lesson exercise that checks the student's answer.

The boards need ipywidgets, from the ``widgets`` extra: ``pip install 'fifteen-kit[widgets]'`` (the ``lab``
extra includes it).  Without it, importing this package raises ModuleNotFoundError saying so.
"""

try:
    import ipywidgets  # noqa: F401  (checked first, so a missing library is named with its extra)
except ModuleNotFoundError as _exc:
    if _exc.name != "ipywidgets":
        raise
    raise ModuleNotFoundError("fifteen_kit.widgets needs ipywidgets: pip install 'fifteen-kit[widgets]'",
                              name="ipywidgets") from _exc

from .exercise import SelfCheck
from .fifteens import FifteensBoard
from .five_by_15 import FiveBy15Board
from .game_of_15 import GameOf15Board
from .nasty15 import DiceBoard

__all__ = ["DiceBoard", "FifteensBoard", "FiveBy15Board", "GameOf15Board", "SelfCheck"]
