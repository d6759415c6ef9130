"""SVG drawings: well-formed XML, the rulebook's tile design, highlights."""

import xml.etree.ElementTree as ET

import pytest

from fifteen_kit.errors import InvalidArgumentError
from fifteen_kit.game_of_15 import Round
from fifteen_kit.svg import HTML, SVG, THEME, magic_grid, round_board, side_by_side, tile

NS = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("text", ["-/- O", "5/2 O", "258/46 I", "14578/2369 I", "259/13 I manual xO"])
def test_drawings_are_well_formed(text):
    r = Round.parse(text)
    for drawing in (round_board(r), magic_grid(r)):
        assert isinstance(drawing, SVG)
        root = ET.fromstring(drawing)
        assert root.tag == NS + "svg"


def test_tiles_follow_rulebook_1_3():
    for d in range(1, 10):
        g = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{tile(d)}</svg>').find(NS + "g")
        circles = g.findall(NS + "circle")
        assert len(circles) == d  # the pips
        assert any(t.text == str(d) for t in g.iter(NS + "text"))  # the numeral
        has_diamond = g.find(NS + "polygon") is not None
        assert has_diamond == (d % 2 == 1)  # odd: diamond frame; even: square frame


def test_pool_board_shows_taken_tiles_leaving_the_pool():
    r = Round.parse("258/46 I")
    board = round_board(r)
    assert board.count("★") == 3  # the winning triple is starred
    assert "wins the round" in board
    assert THEME["win"] in board and THEME["win"] in magic_grid(r)
    live = round_board(Round.parse("5/2 O"))
    assert "★" not in live and "Onyx to draft" in live


def test_grid_marks_carry_a_letter_as_well_as_a_colour():
    root = ET.fromstring(magic_grid(Round.parse("5/2 O")))
    letters = [t.text for t in root.iter(NS + "text") if t.text in ("O", "I")]
    assert sorted(letters) == ["I", "O"]


def test_side_by_side_and_bad_tiles():
    html = side_by_side(SVG("<svg/>"), captions=("x",))
    assert isinstance(html, HTML) and "<figcaption" in html
    with pytest.raises(InvalidArgumentError):
        tile(0)
    with pytest.raises(InvalidArgumentError):
        tile(3, face="gold")


@pytest.mark.parametrize("call", [
    lambda: tile(5, face=["x"]), lambda: tile(5, size=None), lambda: tile(5, x="a"), lambda: tile(5, size=0),
    lambda: round_board("5/- I"), lambda: magic_grid(None), lambda: round_board(Round(), size="x"),
    lambda: side_by_side("a", captions=None),
    # attack run: raw strings (a script) are not the kit's drawings; too many drawings
    lambda: side_by_side("<script>alert(1)</script>"), lambda: side_by_side(*[SVG("<svg/>")] * 65),
])
def test_bad_drawing_arguments(call):
    with pytest.raises(InvalidArgumentError):
        call()


def test_number_squares_draw_every_number_once():
    from fifteen_kit.game_of_15 import symmetric_squares
    from fifteen_kit.svg import number_square, number_squares

    picture = number_square(((2, 9, 4), (7, 5, 3), (6, 1, 8)))
    assert [f">{d}</text>" in picture for d in range(1, 10)] == [True] * 9
    assert "square 2 9 4 / 7 5 3 / 6 1 8" in picture
    pairs = symmetric_squares()
    row = number_squares([s for _, s in pairs], captions=tuple(n for n, _ in pairs))
    assert row.count("<svg") == 8 and "rotate 90° clockwise" in row


@pytest.mark.parametrize("bad", [None, "294", [[1, 2, 3]], [[1, 2, 3], [4, 5, 6], [7, 8, "9"]],
                                 [[1, 2, 3], [4, 5, 6], [7, 8, 1000]]])
def test_number_square_refuses_what_is_not_a_square(bad):
    from fifteen_kit.svg import number_square

    with pytest.raises(InvalidArgumentError):
        number_square(bad)
