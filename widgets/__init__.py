"""Interactive boards for the kit's games, built on ipywidgets (``fifteen_kit.widgets``).

This folder is installed as the subpackage ``fifteen_kit.widgets``.  Boards hold
one engine object and redraw from it; they never re-implement a rule.  Importing
``fifteen_kit`` never imports this package, so the engine stays light.

* :class:`GameOf15Board` -- the Game of 15, with its magic-square twin.
* :class:`DiceBoard` -- the "15" dice game for humans and computers, with an exact coach.
* :class:`FifteensBoard` -- Fifteens patience with hints and the thoughtful solver.
* :class:`FiveBy15Board` -- the 5x15 tile solitaire, with loop detection and a solver's hint.
* :class:`ReplayBoard` -- a game a player played, shown again on its board move by move.
* :class:`PlayerLab` -- type a computer player, play it against the kit's players, watch any game again.
* :class:`SelfCheck`, :class:`Prediction`, :class:`WhyQuestion` -- lesson questions (the lessons' own questions,
  with answers computed by the kit, are in :mod:`fifteen_kit.widgets.workbook`).
* :mod:`fifteen_kit.widgets.results` -- every answer and game (of a question or board made with a ``key``) kept in
  the notebook, and ``export_results("04")``: the pupil's results as a file to download and a short code.

The boards need ipywidgets, from the ``widgets`` extra: ``pip install 'fifteen-kit[widgets]'`` (the ``lab``
extra includes it).  Without it, importing this package raises ModuleNotFoundError saying so.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

from fifteen_kit._extras import require

require("ipywidgets", "widgets", "fifteen_kit.widgets")  # first, so a missing library is named with its extra

if TYPE_CHECKING:
    from .exercise import Prediction, SelfCheck, WhyQuestion
    from .fifteens import FifteensBoard
    from .five_by_15 import FiveBy15Board
    from .game_of_15 import GameOf15Board
    from .nasty15 import DiceBoard
    from .player_lab import PlayerLab
    from .replay import ReplayBoard

__all__ = ["DiceBoard", "FifteensBoard", "FiveBy15Board", "GameOf15Board", "PlayerLab", "Prediction", "ReplayBoard",
           "SelfCheck", "WhyQuestion"]

# Each name's module, imported when the name is first used: a lesson that shows one board (or imports a
# submodule such as the workbook) does not wait for the other boards' modules and engines.
_HOME = {"DiceBoard": ".nasty15", "FifteensBoard": ".fifteens", "FiveBy15Board": ".five_by_15",
         "PlayerLab": ".player_lab", "ReplayBoard": ".replay",
         "GameOf15Board": ".game_of_15", "Prediction": ".exercise", "SelfCheck": ".exercise",
         "WhyQuestion": ".exercise"}


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(_HOME[name], __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
