"""A mixin for values with a text notation (private): ``str`` is the notation, ``repr`` re-parses it."""

from __future__ import annotations

__all__ = ["Notated"]


class Notated:
    """Gives ``__str__`` (the notation) and ``__repr__`` (``Class.parse('...')``) to classes with ``notation()``.

    Dataclasses using it pass ``repr=False`` so the generated repr does not replace this one.
    """

    def notation(self) -> str:  # pragma: no cover - every subclass defines it
        """The value's text notation."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({self.notation()!r})"
