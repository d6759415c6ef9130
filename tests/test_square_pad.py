"""Lesson 01's pad for building a magic square by hand."""

import pytest
from fifteen_kit.widgets.square_pad import SquarePad, line_sums, square_report

from fifteen_kit.errors import InvalidArgumentError


def test_a_magic_square_is_recognised_and_a_near_miss_is_summed():
    pad = SquarePad()
    pad.fill([[8, 1, 6], [3, 5, 7], [4, 9, 2]])
    assert pad.check() == "Every line makes 15: a magic square!"
    assert "magic square" in pad.message.value
    pad.fill([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    assert pad.check() == ("Rows: 6, 15, 24 · columns: 12, 15, 18 · diagonals: 15, 15. "
                           "4 of the 8 lines make 15.")


@pytest.mark.parametrize(("entries", "fragment"), [
    ([["1", "1", "1"], ["", "", ""], ["", "", ""]], "used more than once"),
    ([["x", "", ""], ["", "", ""], ["", "", ""]], "'x' is not one"),
    ([["10", "", ""], ["", "", ""], ["", "", ""]], "'10' is not one"),
    ([["0", "", ""], ["", "", ""], ["", "", ""]], "'0' is not one"),
    ([[" 5 ", "", ""], ["", "", ""], ["", "", ""]], "Still empty: 8 boxes."),
])
def test_the_pad_names_what_is_wrong(entries, fragment):
    assert fragment in square_report(entries)


@pytest.mark.parametrize("bad", [None, [[1, 2, 3]], "123", [[1, 2, 3], [4, 5, 6], [7, 8, "9"]]])
def test_line_sums_refuse_what_is_not_a_square(bad):
    with pytest.raises(InvalidArgumentError):
        line_sums(bad)


def test_square_report_refuses_what_is_not_three_rows_of_text():
    with pytest.raises(InvalidArgumentError):
        square_report([[1, 2, 3], ["", "", ""], ["", "", ""]])
    with pytest.raises(InvalidArgumentError):
        SquarePad().fill([[1, 2]])
