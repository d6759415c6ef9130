"""A one-page rules card per game, in a pupil's words: what you need, the rules, a picture drawn with the kit's own
pieces and one worked example played out by the engine.

The cards' wording is the kit's plain version for pupils (:data:`CARDS`); the engine's docstrings keep the full
rules ("Rules, in the kit's words", :func:`rules_text`).  Every worked example is played by the engine itself
(:func:`example`), so its numbers cannot disagree with the rules.

>>> rules_text("fifteens")["The rules"][0].startswith("Deal 16 cards face up")
True
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from html import escape

from fifteen_kit import _check
from fifteen_kit.errors import InvalidArgumentError

from .page import Sheet, markdown, page

__all__ = ["CARDS", "GAMES", "example", "rules_card", "rules_text"]

#: Each game: the engine modules whose "Rules, in the kit's words" lists hold its full rules, each under its heading
#: (and, for a long list, only the rules that start with the bold words given).
GAMES: dict[str, tuple[tuple[str, ...], ...]] = {
    "game_of_15": (("A round", "fifteen_kit.game_of_15.rules"),
                   ("A match", "fifteen_kit.game_of_15.match", "How a match is won", "The ledger", "Turns")),
    "dice": (("The game", "fifteen_kit.nasty15.game"), ("A turn", "fifteen_kit.nasty15.rules")),
    "fifteens": (("The rules", "fifteen_kit.fifteens.rules"),),
    "five_by_15": (("The rules", "fifteen_kit.five_by_15.rules"),),
}
_HEADING = "Rules, in the kit's words"


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
    for heading, name, *leads in GAMES[game]:
        doc = importlib.import_module(name).__doc__ or ""
        if _HEADING not in doc:
            raise InvalidArgumentError(f"{name} has no \"{_HEADING}\" list in its docstring", input=name)
        block = doc.split(_HEADING, 1)[1].split("\n\n", 2)[1]  # the bullet list after the heading's blank line
        items = re.split(r"^\* ", block, flags=re.MULTILINE)
        rules = [" ".join(line.strip() for line in item.splitlines()) for item in items if item.strip()]
        found[heading] = [r for r in rules if not leads or any(r.startswith(f"**{lead}") for lead in leads)]
    return found


@dataclass(frozen=True)
class _Card:
    """A rules card's text: its ``title``, what you ``need``, the ``aim`` in one sentence and the ``rules`` (each
    one short Markdown paragraph, led by its bold name), all in a pupil's words.

    >>> CARDS["dice"].title
    'The "15" dice game'
    """

    title: str
    need: str
    aim: str
    rules: tuple[str, ...]


#: Each game's card, in a pupil's words (the games' keys as in GAMES).
CARDS: dict[str, _Card] = {
    "game_of_15": _Card(
        "The Game of 15", "2 players, Onyx and Ivory · the 9 number tiles · a score sheet for a match",
        "Be the first to hold three digits that add up to exactly 15.",
        ("**Start.** The nine tiles 1 to 9 lie in the middle: the **pool**.",
         "**Your turn.** Take one tile from the pool and put it in front of you, on your **rack**. Then it is "
         "the other player's turn.",
         "**Winning.** You win the round as soon as three of your tiles add up to exactly 15. Only three count: "
         "two tiles or four tiles making 15 do not win, but with four or five tiles any three of them may.",
         "**Draw.** All nine tiles are taken and nobody has 15: the round is a draw and is played again.",
         "**A match.** Agree how many rounds win the match (best of 5: first to 3 rounds). The other player "
         "starts the next round. On the score sheet a won round is 1 point, plus 1 extra point for winning with "
         "your first three tiles; a draw is 0.")),
    "dice": _Card(
        "The \"15\" dice game", "2 to 6 players (or play alone to practise) · six dice: blue, yellow, black, "
        "white, green, red (or six dice marked B Y K W G R) · the goal boards · a score pad",
        "Score the most points over ten goal boards.",
        ("**The goal board.** It gives each colour a **target** from 1 to 6. A die is **good** (valid) when it "
         "shows its target or less.",
         "**Your turn.** Roll all six dice. Put at least one good die on the board (you choose which, and how "
         "many); dice on the board stay there. Then **stop**, or **roll again** the dice not on the board.",
         "**Stop.** You score the pips of the dice on the board, and **5 extra** when exactly five dice are on "
         "it. When all six are on the board your turn ends and their pips are **doubled** (no 5 extra).",
         "**Bust.** If a roll has no good die, your turn ends at once: you score only the targets of the "
         "colours not on the board.",
         "**The game.** Take ten goal boards; everyone plays one turn on each. The highest total wins. "
         "Variants: the back of each board (five targets, white's target set by a marker: see the markers "
         "sheet) and the gambler's game (a bust scores 0).")),
    "fifteens": _Card(
        "Fifteens patience", "1 player · a pack of 52 playing cards (no jokers)",
        "Clear every card away, sixteen at a time, in groups that make 15.",
        ("**Deal.** Lay 16 cards face up in 4 rows of 4. The rest stay face down: the **stock**.",
         "**Take away** two or more cards that add up to exactly 15. An ace is 1, the cards 2 to 9 count their "
         "number.",
         "**10s and picture cards** (jacks, queens, kings) count nothing. They go only as all four of one "
         "kind together: four 10s, four jacks, four queens or four kings.",
         "**Fill the holes** from the stock, from the top left, row by row, while the stock lasts.",
         "**The end.** You win when every card is gone, table and stock. You lose when nothing on the table "
         "can be taken away.")),
    "five_by_15": _Card(
        "5x15 tiles", "1 player · the 75 tiles (5 colours, 1 to 15) · the play area of 5 rows x 16 columns",
        "Sort every row so that it reads 1, 2, 3, ... 15 in one colour.",
        ("**Deal.** Shuffle the tiles face down and lay them in the play area, 15 to a row. Take the five 1s "
         "out, shuffle them and put one at the start of each row (column 0): it gives the row its colour. "
         "Where the 1s were, there are now five **gaps**.",
         "**Fill a gap** with the tile one higher than the tile on its left, of that tile's colour, or the tile "
         "one lower than the tile on its right, of that tile's colour. The tile may come from anywhere.",
         "**Shift a run.** A **run** is a row of tiles of one colour counting up to 15 without a break (at "
         "least 3 tiles; 4 or 5 for the harder levels). If the cell after its 15 is empty, move the whole run "
         "one place to the right.",
         "**A row is done** when it reads 1 to 15 in its own colour; its tiles then stay put.",
         "**The end.** You win when every row is done. You lose when no move is left, or when every move only "
         "brings back a position you have had before (a **loop**).")),
}


def _game_of_15_example() -> tuple[str, list[str]]:
    from fifteen_kit.game_of_15 import Round, Side
    from fifteen_kit.svg import round_board

    def threats(rack: frozenset[int], pool: frozenset[int]) -> list[int]:
        return sorted({15 - a - b for a in rack for b in rack if a < b and 15 - a - b in pool})

    position = Round.start(Side.ONYX)
    steps = []
    for digit in (5, 1, 2, 8, 4, 9, 6):
        mover = position.to_move
        blocks = digit in threats(position.rack(mover.other), position.pool)
        position = position.play(digit)
        rack = position.rack(mover)
        won = position.fifteen(mover) if position.winner is mover else None
        said = f"{mover.title} takes {digit}" + (" (blocking)" if blocks and not won else "")
        if won:
            said += f": {' + '.join(map(str, won))} = 15, {mover.title} wins."
        else:
            open_ = threats(rack, position.pool)
            said += (f" and now needs {' or '.join(map(str, open_))} to make 15." if open_ else ".")
        steps.append(said)
    return round_board(position, size=40, paper=True), steps


def _dice_example() -> tuple[str, list[str]]:
    from fifteen_kit.nasty15.boards import COLOURS, PUBLIC_BOARD
    from fifteen_kit.nasty15.rules import Turn
    from fifteen_kit.svg import dice_goal_board

    def shown(pips: tuple[int | None, ...]) -> str:
        return ", ".join(f"{c.value} {p}" for c, p in zip(COLOURS, pips, strict=True) if p is not None)

    turn = Turn.start(PUBLIC_BOARD)
    steps = [f"The board: {', '.join(f'{c.value} ≤ {t}' for c, t in zip(COLOURS, turn.targets, strict=True))}."]
    for roll, place in (((5, 2, 6, 1, 3, 1), "Y R"), ((3, None, 2, 2, 6, None), "B K W")):
        turn = turn.roll_with(roll)
        good = " ".join(c.value for c in turn.valid_colours())
        turn = turn.play(f"place {place}")
        steps.append(f"Roll: {shown(roll)}. Good dice: {good}. Put {place} on the board.")
        if turn.placed_count < 5:
            turn = turn.play("roll")
    stop, bust = turn.stop_score(), turn.bust_score()
    (last,) = turn.unplaced
    at = COLOURS.index(last)
    doubled = [turn.play("roll").roll_with(tuple(v if i == at else None for i in range(6))).play(
        f"place {last.value}").score for v in range(1, turn.targets[at] + 1)]
    steps.append(f"Five dice on the board, {turn.pips} pips: stopping scores {turn.pips} + 5 = {stop}. Rolling "
                 f"the {last.title} die: {' or '.join(map(str, range(1, turn.targets[at] + 1)))} would double "
                 f"({' or '.join(map(str, doubled))}), anything else is a bust worth only {bust}. Stop.")
    score = turn.play("stop").score
    assert score == stop
    return dice_goal_board(turn.targets, turn.placed, size=40, light=True), steps


def _fifteens_example() -> tuple[str, list[str]]:
    from fifteen_kit.fifteens import Position
    from fifteen_kit.fifteens.rules import removals_of

    deal = Position.deal(seed=1)
    cards = deal.tableau
    removal = next(r for r in removals_of(cards) if len(r) == 3)
    taken = [c for i in removal if (c := cards[i]) is not None]
    after = deal.play(removal).tableau
    faces = sorted({c.rank for c in cards if c is not None and c.is_face})
    tens = [c for c in cards if c is not None and c.rank == 10]
    out = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 262 190" style="width:68mm;height:auto">']
    for i, card in enumerate(cards):
        x, y = 4 + (i % 4) * 64, 4 + (i // 4) * 46
        mark = i in removal
        colour = "#b01c1c" if card is not None and card.red else "#1f1f24"
        out.append(f'<rect x="{x}" y="{y}" width="58" height="40" rx="5" fill="#ffffff" stroke="#1f1f24" '
                   f'stroke-width="{3.5 if mark else 1}"/>'
                   f'<text x="{x + 29}" y="{y + 27}" text-anchor="middle" font-size="19" font-weight="bold" '
                   f'fill="{colour}">{escape(card.label if card else "")}</text>')
    out.append("</svg>")
    values = " + ".join(str(c.value) for c in taken)
    steps = [f"The deal: take away {', '.join(c.label for c in taken)} (outlined): {values} = 15.",
             f"Fill the three holes from the stock: {', '.join(c.label for i in removal if (c := after[i]))}.",
             f"The {len(tens)} 10s wait for the fourth 10 to come out"
             + ("; so do the picture cards, four of a kind at a time." if faces else ".")]
    return "".join(out), steps


def _five_by_15_example() -> tuple[str, list[str]]:
    from fifteen_kit.five_by_15 import Position
    from fifteen_kit.five_by_15.rules import COLOUR_LETTERS, COLOUR_NAMES, Fill, move_text
    from fifteen_kit.svg import five_by_15_position

    start = Position.parse("B1 O3 B2 B3 / O1 -- O2 -- L1")

    def said(move: Fill) -> str:
        row, col = move.to
        left = start.grid[row][col - 1]
        name = f"{COLOUR_LETTERS[move.tile[0]]}{move.tile[1]}"
        beside = f"{COLOUR_LETTERS[left[0]]}{left[1]}" if left else ""
        return f"{name} into the gap after {beside}"

    moves = [m for m in start.legal_moves() if isinstance(m, Fill)]
    assert len(moves) == len(start.legal_moves())
    after = start.play(moves[0])
    left = [move_text(m) for m in after.legal_moves()]
    steps = [f"A small table: {len(start.grid)} colours ({', '.join(COLOUR_NAMES[:len(start.grid)])}), tiles 1 "
             f"to {start.size}. The second row starts with O1: it is the orange row.",
             f"Two moves are possible: {' or '.join(said(m) for m in moves)} (each one higher than the tile on "
             "the gap's left, in its colour).",
             f"{said(moves[0])[0].upper()}{said(moves[0])[1:]}: the orange row then reads "
             f"{' '.join(f'{COLOUR_LETTERS[t[0]]}{t[1]}' for t in after.grid[1] if t)} and "
             f"{sum(t is None for t in after.grid[1])} gaps, and "
             f"{len(left)} move{'s are' if len(left) != 1 else ' is'} left."]
    return five_by_15_position(start, size=46), steps


_EXAMPLES = {"game_of_15": _game_of_15_example, "dice": _dice_example, "fifteens": _fifteens_example,
             "five_by_15": _five_by_15_example}


def example(game: str) -> tuple[str, list[str]]:
    """The worked example of ``game``'s card (one of :data:`GAMES`), played by the engine: a picture (SVG markup
    drawn with the kit's pieces) and the steps in words.  Raises InvalidArgumentError for an unknown game.

    >>> picture, steps = example("dice")
    >>> picture.startswith("<svg"), steps[-1].startswith("Five dice on the board")
    (True, True)
    """
    return _EXAMPLES[_check.choice(game, tuple(GAMES), "the game")]()


def rules_card(game: str) -> Sheet:
    """A one-page rules card for ``game`` (one of :data:`GAMES`): what you need, the aim, the rules in a pupil's
    words (:data:`CARDS`) and a worked example with its picture (:func:`example`).

    Raises InvalidArgumentError for an unknown game.

    >>> rules_card("fifteens").title
    'Rules: Fifteens patience'
    """
    _check.choice(game, tuple(GAMES), "the game")
    card = CARDS[game]
    rules = "".join(f"<li>{markdown(rule).strip().removeprefix('<p>').removesuffix('</p>')}</li>"
                    for rule in card.rules)
    picture, steps = example(game)
    said = "".join(f"<li>{escape(step)}</li>" for step in steps)
    body = (f'<p style="font-size:13pt;margin:0 0 2mm 0"><strong>You need:</strong> {escape(card.need)}</p>'
            f'<p style="font-size:13pt;margin:0 0 2mm 0"><strong>Aim:</strong> {escape(card.aim)}</p>'
            f'<ul class="rules" style="font-size:13pt">{rules}</ul>'
            f'<h2>An example</h2><div style="display:flex;gap:6mm;align-items:flex-start">'
            f'<div class="fit" style="flex:0 0 86mm">{picture}</div>'
            f'<ol style="font-size:12pt;margin:0;padding-left:6mm">{said}</ol></div>')
    return Sheet(f"rules-{game}", f"Rules: {card.title}", (page(f"Rules: {card.title}", body),))
