"""fifteen-kit: the mathematics of the number 15, through four games.

The engine is pure Python and imports only the standard library, so
``import fifteen_kit`` is fast and works everywhere (CPython 3.10+, Pyodide).
The games live in subpackages:

* :mod:`fifteen_kit.game_of_15` -- the Game of 15 (Number Scrabble), its magic
  square, a perfect-play solver and computer players.

Heavy libraries (sympy, matplotlib, ipywidgets) are imported only inside the
functions and widgets that need them.

>>> import fifteen_kit
>>> fifteen_kit.__version__
'0.1.0'
"""

__version__ = "0.1.0"

__all__ = ["__version__"]
