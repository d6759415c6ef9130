"""The "15" dice game on paper: every goal board of a set (front and back), a score pad, the handicap markers.

A goal board is printed as the dice board draws it (:func:`fifteen_kit.svg.dice_goal_board`): each colour's
letter and target above a die showing the target, and a dashed place below it for the rolled die.  The fronts
(six targets summing to 15, the base game) and the backs (five targets and a place for the white-die marker,
the handicap variant) are on alternate pages in the same order, each card at a fixed place and the backs
mirrored (:func:`card_place`), so a double-sided print (flip on the long edge) puts each board's back exactly
behind its front.  The toner-light boards (``goal_boards(light=True)``) print outlines and pale fills instead
of the dark ground, and every die's letter, so they read in greyscale.

>>> len(goal_boards().pages) == 2 * -(-len(default_boards()) // BOARDS_PER_PAGE)
True
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable
from html import escape

from fifteen_kit import _check
from fifteen_kit.nasty15.boards import COLOURS, Colour, GoalBoard, check_board_pairs, default_boards
from fifteen_kit.nasty15.game import MARKERS, MAX_PLAYERS, Game
from fifteen_kit.svg import dice_goal_board, die

from .page import Sheet, page

__all__ = ["BOARDS_PER_PAGE", "CARD_GAP_MM", "CARD_MM", "CARD_TOP_MM", "MARKER_MM", "PAGE_WIDTH_MM", "card_place",
           "goal_boards", "markers", "score_pad"]

#: Goal boards on one page (each printed 136 mm wide), and a marker's printed width in millimetres.
BOARDS_PER_PAGE = 3
MARKER_MM = 40
#: A goal board's card (its cutting frame) in millimetres: width and height, the first card's top edge and the
#: space between cards.  Cards are placed at these fixed places on the page, whatever the heading above them,
#: so a back page puts each card exactly behind its front.
CARD_MM = (150.0, 76.0)
CARD_TOP_MM = 38.0
CARD_GAP_MM = 6.0
#: The paper's width (A4 portrait), about which a back page is mirrored.
PAGE_WIDTH_MM = 210.0


def _targets(side: GoalBoard) -> tuple[int | None, ...]:
    # a side's targets in colour order, None for white on a back side (its marker's place)
    return tuple(side.target(c) for c in COLOURS)


def card_place(slot: int, back: bool, left: float = (PAGE_WIDTH_MM - CARD_MM[0]) / 2) -> tuple[float, float]:
    """Where the card in ``slot`` (0 to BOARDS_PER_PAGE - 1, top to bottom) is printed: its left and top edges in
    millimetres from the page's top left corner, on a front page, or on a ``back`` page (True or False) when
    the front's card starts ``left`` mm from the left edge (0 to PAGE_WIDTH_MM - the card's width).

    A back page is the front mirrored about the page's vertical middle: printed double-sided, flipped on the long
    edge, the paper turns over left to right, so a card ``left`` mm from the front's left edge is ``left`` mm from
    the back's right edge.  Raises InvalidArgumentError for a bad slot, side or left edge.

    >>> card_place(1, False), card_place(1, True, left=20.0)
    ((30.0, 120.0), (40.0, 120.0))
    """
    slot = _check.whole(slot, 0, BOARDS_PER_PAGE - 1, "a card's slot")
    _check.flag(back, "back")
    left = _check.number(left, 0, PAGE_WIDTH_MM - CARD_MM[0], "the card's left edge")
    top = CARD_TOP_MM + slot * (CARD_MM[1] + CARD_GAP_MM)
    return (PAGE_WIDTH_MM - left - CARD_MM[0] if back else left), top


def goal_boards(boards: Iterable[tuple[GoalBoard, GoalBoard]] | None = None, light: bool = False) -> Sheet:
    """Every goal board of ``boards`` (the kit's default set of 15 when None): a page of fronts, then the same
    boards' backs, each card at the place :func:`card_place` gives, so a double-sided print (flip on the long
    edge) puts each board's back exactly behind its front.

    ``boards`` is a collection of (base side, back side) pairs as :func:`~fifteen_kit.nasty15.default_boards`
    gives them; ``light`` (True or False) prints the toner-saving boards (outlines and pale fills, each die's
    letter on the board: :func:`fifteen_kit.svg.dice_goal_board`).  Raises InvalidArgumentError as
    :func:`~fifteen_kit.nasty15.boards.check_board_pairs` does, or for a bad ``light``.

    >>> sheet = goal_boards(default_boards()[:2])
    >>> len(sheet.pages), sheet.html().count('W ≤ ?'), goal_boards(default_boards()[:1], light=True).name
    (2, 2, 'dice-goal-boards-light')
    """
    pairs = default_boards() if boards is None else check_board_pairs(boards)
    _check.flag(light, "light")
    title = "\"15\" dice game: goal boards" + (" (toner-light)" if light else "")
    pages = []
    for start in range(0, len(pairs), BOARDS_PER_PAGE):
        chunk = list(enumerate(pairs[start:start + BOARDS_PER_PAGE], start=start + 1))
        for side, what in ((0, "fronts: the base game, six dice"), (1, "backs: the handicap variant")):
            cells = []
            for slot, (number, pair) in enumerate(chunk):
                board = pair[side]
                label = f"{pair[0].name or f'board {number}'} · {'front' if side == 0 else 'back'} · {board.notation()}"
                svg = dice_goal_board(_targets(board), size=52, title=label, light=light)
                left, top = card_place(slot, side == 1)
                cells.append(f'<div class="cut card" style="position:absolute;left:{left:g}mm;top:{top:g}mm;'
                             f'width:{CARD_MM[0]:g}mm;height:{CARD_MM[1]:g}mm;padding:2mm 5mm;overflow:hidden">'
                             '<div style="font-size:11pt;height:6mm;white-space:nowrap;overflow:hidden">'
                             f"{escape(label)}</div>{svg}</div>")
            pages.append(page(title, "".join(cells).replace("<svg ", '<svg style="width:100%;height:auto" '),
                              f"Boards {chunk[0][0]} to {chunk[-1][0]}, {what}"))
    return Sheet("dice-goal-boards" + ("-light" if light else ""), title, tuple(pages))


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
