"""Optional libraries, imported on first use and named with the extra that installs them when missing.

>>> require("json", "counting", "fifteen_kit.counting").__name__
'json'
"""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["require"]


def require(module: str, extra: str, part: str) -> ModuleType:
    """The module ``module``, imported; if it is not installed, a ModuleNotFoundError naming ``extra``.

    ``part`` is the kit's part that needs it (for the message).  Errors inside the module itself (a missing
    dependency of that library) pass through unchanged.
    """
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name != module:
            raise
        raise ModuleNotFoundError(f"{part} needs {module}: pip install 'fifteen-kit[{extra}]'", name=module) from exc
