"""fifteen-kit: the mathematics of the number 15, through four games.

The engine is pure Python and imports only the standard library, so
``import fifteen_kit`` is fast and works everywhere (CPython 3.10+, Pyodide).
The four games live in subpackages, imported only when asked for:

* :mod:`fifteen_kit.game_of_15` -- the Game of 15 (Number Scrabble), its magic
  square, a perfect-play solver, computer players, matches and puzzles;
* :mod:`fifteen_kit.nasty15` -- the "15" dice game: goal boards, turns, games,
  exact probabilities and the optimal policy;
* :mod:`fifteen_kit.fifteens` -- Fifteens patience: deals, a solver that sees
  the stock, strategies that do not, and Monte Carlo studies;
* :mod:`fifteen_kit.five_by_15` -- the 5x15 tile solitaire: three levels, loop
  detection and solvers.

All four speak one vocabulary, :mod:`fifteen_kit.contract` (positions with
``legal_moves``/``play``/``notation``/``parse``, computer players built by
``make_player(name, seed)``, solvers answering a ``SolveResult``).  Shared parts:
:mod:`fifteen_kit.errors` (every user error, all ``ValueError``),
:mod:`fifteen_kit.chance` (seeded randomness), :mod:`fifteen_kit.svg` (drawings)
and :mod:`fifteen_kit.counting` (exact counts).

Two parts need more than the standard library, each from an extra of the
``fifteen-kit`` distribution (``lab`` installs both, plus JupyterLab and matplotlib):

* :mod:`fifteen_kit.counting` needs sympy: ``pip install 'fifteen-kit[counting]'``;
* :mod:`fifteen_kit.widgets` (the boards) needs ipywidgets:
  ``pip install 'fifteen-kit[widgets]'``.

They import those libraries only when used, and say which extra to install
when the library is missing.

>>> import fifteen_kit
>>> fifteen_kit.__version__
'0.1.0'
"""

#: The kit's version (the one place it is written; pyproject.toml reads it from here).
__version__ = "0.1.0"

__all__ = ["__version__"]
