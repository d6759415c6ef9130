"""Small helpers shared by the boards (no game rules here).

>>> sentence("the yellow die shows 5, above its target 3")
'The yellow die shows 5, above its target 3.'
"""

from __future__ import annotations

__all__ = ["MAX_SEED", "sentence"]

#: The largest deal number a board accepts: the largest whole number a browser shows exactly (2**53 - 1),
#: so the number in the Deal box is always the deal on the table.
MAX_SEED = 2**53 - 1


def sentence(message: str) -> str:
    """An engine error message as a sentence for the board's message line: capital first, full stop last.

    Raises InvalidArgumentError for a ``message`` that is not text.
    """
    if not isinstance(message, str):
        from fifteen_kit.errors import InvalidArgumentError

        raise InvalidArgumentError("a message is text", input=message)
    text = message.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
