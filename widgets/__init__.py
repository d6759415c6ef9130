"""Interactive boards for the kit's games, built on ipywidgets (``fifteen_kit.widgets``).

This folder is installed as the subpackage ``fifteen_kit.widgets``.  Boards hold
one engine object and redraw from it; they never re-implement a rule.  Importing
``fifteen_kit`` never imports this package, so the engine stays light.

* :class:`GameOf15Board` -- the Game of 15, with its magic-square twin.
* :class:`DiceBoard` -- the "15" dice game for humans and computers, with an exact coach.
* :class:`FifteensBoard` -- Fifteens patience with hints and the thoughtful solver.
* :class:`FiveBy15Board` -- the 5x15 tile solitaire, with loop detection and a solver's hint.
* :class:`SelfCheck`, :class:`Prediction`, :class:`WhyQuestion` -- lesson questions (the lessons' own questions,
  with answers computed by the kit, are in :mod:`fifteen_kit.widgets.workbook`).
* :mod:`fifteen_kit.widgets.results` -- every answer and game (of a question or board made with a ``key``) kept in
  the notebook, and ``export_results("04")``: the pupil's results as a file to download and a short code.

The boards need ipywidgets, from the ``widgets`` extra: ``pip install 'fifteen-kit[widgets]'`` (the ``lab``
extra includes it).  Without it, importing this package raises ModuleNotFoundError saying so.
"""

from fifteen_kit._extras import require

require("ipywidgets", "widgets", "fifteen_kit.widgets")  # first, so a missing library is named with its extra

from .exercise import Prediction, SelfCheck, WhyQuestion  # noqa: E402
from .fifteens import FifteensBoard  # noqa: E402
from .five_by_15 import FiveBy15Board  # noqa: E402
from .game_of_15 import GameOf15Board  # noqa: E402
from .nasty15 import DiceBoard  # noqa: E402

__all__ = ["DiceBoard", "FifteensBoard", "FiveBy15Board", "GameOf15Board", "Prediction", "SelfCheck", "WhyQuestion"]
