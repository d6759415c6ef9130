"""A one-page rules card per game, in the kit's own words: the "Rules, in the kit's words" lists of the engine.

The rules are written once, in the docstrings of the engine's rule modules (CONTRIBUTING.md: "The rules of the
four games are written out in the kit's own words"); a card prints those lists, so the
card and the engine cannot disagree.  The reStructuredText of a docstring (``*emphasis*``, ````code````,
cross-references) becomes plain HTML.

>>> rules_text("fifteens")["The rules"][0].startswith("Deal 16 cards face up")
True
"""

from __future__ import annotations

import importlib
import re
from html import escape

from fifteen_kit import _check
from fifteen_kit.errors import InvalidArgumentError

from .page import Sheet, page

__all__ = ["GAMES", "rules_card", "rules_text"]

#: Each game: its card's title, what is needed, and the engine modules whose rules the card prints, each under
#: its heading (and, for a long list, only the rules that start with the bold words given).
GAMES: dict[str, tuple[str, str, tuple[tuple[str, ...], ...]]] = {
    "game_of_15": ("The Game of 15", "2 players · the 9 number tiles (or paper and pencil) · the reference plate "
                   "(optional) · a score sheet", (("A round", "fifteen_kit.game_of_15.rules"),
                                                ("A match", "fifteen_kit.game_of_15.match", "How a match is won",
                                                 "The ledger", "Turns"))),
    "dice": ("The \"15\" dice game", "1 to 6 players · six dice: blue, yellow, black, white, green, red (or six "
             "dice marked B Y K W G R) · the goal boards · a score pad · the handicap markers (variant)",
             (("The game", "fifteen_kit.nasty15.game"), ("A turn", "fifteen_kit.nasty15.rules"))),
    "fifteens": ("Fifteens patience", "1 player · a standard deck of 52 playing cards (no jokers)",
                 (("The rules", "fifteen_kit.fifteens.rules"),)),
    "five_by_15": ("5x15 tiles", "1 player · the 75 tiles · the play area of 5 x 16 cells",
                   (("The rules", "fifteen_kit.five_by_15.rules"),)),
}
_HEADING = "Rules, in the kit's words"


def _inline(text: str) -> str:
    # reStructuredText inline markup as HTML: cross-references lose their role, ``code``, **strong**, *em*
    text = re.sub(r";?\s*see :\w+:`[^`]*`", "", text)
    text = re.sub(r" \((?:Law \d+|\d\.\d(?:\.\d)?)\)", "", text)  # the rulebook's section numbers
    text = re.sub(r" \(``[^`]*``(?:, [\d.]+)?\)", "", text)  # the engine's name of the default reading
    text = re.sub(r":\w+:`~?(?:[\w.]*\.)?([^`.]+)`", r"\1", text)
    text = escape(text, quote=False).replace(" -- ", " – ")
    text = re.sub(r"``([^`]+)``", r"<code>\1</code>", text)
    text = re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", text)
    return re.sub(r"\*([^*]+)\*", r"<em>\1</em>", text)


def rules_text(game: str) -> dict[str, list[str]]:
    """The rules of ``game`` (one of :data:`GAMES`) as the engine's docstrings word them: a list of rules per
    heading, each rule plain text with the docstring's inline markup.

    Raises InvalidArgumentError for an unknown game, or if a rules module has lost its "Rules, in the kit's
    words" list (its docstring is the source).

    >>> {heading: len(rules) for heading, rules in rules_text("game_of_15").items()}
    {'A round': 3, 'A match': 3}
    """
    _check.choice(game, tuple(GAMES), "the game")
    found: dict[str, list[str]] = {}
    for heading, name, *leads in GAMES[game][2]:
        doc = importlib.import_module(name).__doc__ or ""
        if _HEADING not in doc:
            raise InvalidArgumentError(f"{name} has no \"{_HEADING}\" list in its docstring", input=name)
        block = doc.split(_HEADING, 1)[1].split("\n\n", 2)[1]  # the bullet list after the heading's blank line
        items = re.split(r"^\* ", block, flags=re.MULTILINE)
        rules = [" ".join(line.strip() for line in item.splitlines()) for item in items if item.strip()]
        found[heading] = [r for r in rules if not leads or any(r.startswith(f"**{lead}") for lead in leads)]
    return found


def rules_card(game: str) -> Sheet:
    """A one-page rules card for ``game`` (one of :data:`GAMES`): what you need and the rules.

    Raises InvalidArgumentError for an unknown game.

    >>> rules_card("fifteens").title
    'Rules: Fifteens patience'
    """
    _check.choice(game, tuple(GAMES), "the game")
    title, needs, _ = GAMES[game]
    body = f'<p style="font-size:14pt"><strong>You need:</strong> {escape(needs)}</p>'
    for heading, rules in rules_text(game).items():
        items = "".join(f"<li>{_inline(rule)}</li>" for rule in rules)
        body += f'<h2>{escape(heading)}</h2><ul class="rules" style="font-size:14pt">{items}</ul>'

    return Sheet(f"rules-{game}", f"Rules: {title}", (page(f"Rules: {title}", body),))
