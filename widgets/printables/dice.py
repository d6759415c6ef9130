"""The "15" dice game on paper: every goal board of a set (front and back), a score pad, the handicap markers.

A goal board is printed as the dice board draws it (:func:`fifteen_kit.svg.dice_goal_board`): each colour's
letter and target above a die showing the target, and a dashed place below it for the rolled die.  The fronts
(six targets summing to 15, the base game) and the backs (five targets and a place for the white-die marker,
the handicap variant) are on alternate pages in the same order, so a double-sided print (flip on the long
edge) puts each board's back behind its front.

>>> len(goal_boards().pages) == 2 * -(-len(default_boards()) // BOARDS_PER_PAGE)
True
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable

from fifteen_kit.nasty15.boards import COLOURS, Colour, GoalBoard, check_board_pairs, default_boards
from fifteen_kit.nasty15.game import MARKERS, MAX_PLAYERS, Game
from fifteen_kit.svg import dice_goal_board, die

from .page import Sheet, page

__all__ = ["BOARDS_PER_PAGE", "MARKER_MM", "goal_boards", "markers", "score_pad"]

#: Goal boards on one page (each printed 136 mm wide), and a marker's printed width in millimetres.
BOARDS_PER_PAGE = 3
MARKER_MM = 40


def _targets(side: GoalBoard) -> tuple[int | None, ...]:
    # a side's targets in colour order, None for white on a back side (its marker's place)
    return tuple(side.target(c) for c in COLOURS)


def goal_boards(boards: Iterable[tuple[GoalBoard, GoalBoard]] | None = None) -> Sheet:
    """Every goal board of ``boards`` (the kit's default set of 15 when None): fronts, then the same boards' backs.

    ``boards`` is a collection of (base side, back side) pairs as :func:`~fifteen_kit.nasty15.default_boards`
    gives them.  Raises InvalidArgumentError as :func:`~fifteen_kit.nasty15.boards.check_board_pairs` does.

    >>> sheet = goal_boards(default_boards()[:2])
    >>> len(sheet.pages), sheet.html().count('W ≤ ?')
    (2, 2)
    """
    pairs = default_boards() if boards is None else check_board_pairs(boards)
    pages = []
    for start in range(0, len(pairs), BOARDS_PER_PAGE):
        chunk = list(enumerate(pairs[start:start + BOARDS_PER_PAGE], start=start + 1))
        for side, what in ((0, "front: the base game (six dice, the targets sum to 15)"),
                           (1, "back: the handicap variant (five dice; the white-die marker sets white's target)")):
            cells = []
            for number, pair in chunk:
                board = pair[side]
                label = f"{pair[0].name or f'board {number}'} · {'front' if side == 0 else 'back'} · {board.notation()}"
                svg = dice_goal_board(_targets(board), size=52, title=label)
                cells.append(f'<div class="cut" style="width:140mm;margin:0 auto 3mm auto;padding:2mm">'
                             f'<div style="font-size:11pt;margin-bottom:1mm">{label}</div>{svg}</div>')
            title = "\"15\" dice game: goal boards"
            pages.append(page(title, "".join(cells).replace("<svg ", '<svg style="width:100%;height:auto" '),
                              f"Boards {chunk[0][0]} to {chunk[-1][0]}, {what}"))
    return Sheet("dice-goal-boards", "\"15\" dice game: goal boards", tuple(pages))


def score_pad() -> Sheet:
    """A score pad for 2 to 6 players: one row per goal board of a game, each player's points and running total.

    >>> score_pad().html().count('<th>points</th>') == MAX_PLAYERS
    True
    """
    rounds = inspect.signature(Game).parameters["rounds"].default
    names = "".join('<th colspan="2" style="height:14mm;vertical-align:top;text-align:left">name:</th>'
                    for _ in range(MAX_PLAYERS))
    sub = "<th>board</th>" + "<th>points</th><th>total</th>" * MAX_PLAYERS
    rows = "".join(f'<tr><td style="height:10.5mm">{n}</td>' + "<td></td>" * (2 * MAX_PLAYERS) + "</tr>"
                   for n in range(1, rounds + 1))
    body = (f'<table class="sheet" style="font-size:10pt"><tr><th></th>{names}</tr><tr>{sub}</tr>{rows}</table>'
            f"<p>One row per goal board ({rounds} in a game). Write each turn's points, then the running total; "
            "the highest total after the last board wins. In the handicap variant, write each player's marker "
            "number small in the corner of their points box.</p>")
    return Sheet("dice-score-pad", "\"15\" dice game: score pad",
                 (page("\"15\" dice game: score pad", body, f"For 2 to {MAX_PLAYERS} players"),), landscape=True)


def markers() -> Sheet:
    """The white-die markers of the handicap variant, to cut out, and which markers are in play for 2 to 6 players.

    >>> markers().html().count('<svg')
    6
    """
    numbers = sorted({n for used in MARKERS.values() for n in used})
    white = Colour.WHITE
    cells = "".join(
        f'<div class="cut" style="width:{MARKER_MM + 8}mm;height:{MARKER_MM + 14}mm;flex-direction:column">'
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 52 52" style="width:{MARKER_MM}mm">'
        f'{die(n, white.hex, white.ink, size=48, letter=white.value)}</svg>'
        f'<div style="font-size:12pt">marker {n}</div></div>' for n in numbers)
    table = "".join(f"<tr><td>{players}</td><td>{', '.join(map(str, used))}</td></tr>"
                    for players, used in sorted(MARKERS.items()))
    body = (f'<div class="grid" style="grid-template-columns:repeat(3,{MARKER_MM + 8}mm);margin:4mm auto">'
            f"{cells}</div>"
            "<p>In the handicap variant each player's marker lies on the white place of the goal board's back: "
            "its pips are that player's white target. Who takes which marker: see the rules card.</p>"
            f'<table class="sheet" style="width:60%;margin:0 auto"><tr><th>players</th><th>markers in play</th>'
            f"</tr>{table}</table>")
    return Sheet("dice-handicap-markers", "\"15\" dice game: handicap markers",
                 (page("\"15\" dice game: handicap markers", body, "White-die markers (cut out)"),))
