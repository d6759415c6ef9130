"""Small helpers shared by the boards (no game rules here).

>>> sentence("the yellow die shows 5, above its target 3")
'The yellow die shows 5, above its target 3.'
"""

from __future__ import annotations


def sentence(message: str) -> str:
    """An engine error message as a sentence for the board's message line: capital first, full stop last."""
    text = message.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
