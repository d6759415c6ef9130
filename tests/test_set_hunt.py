"""Lesson 03's set hunt: sums, keeping new sets only, never revealing how many sets there are."""

import pytest
from fifteen_kit.widgets.set_hunt import SetHunt, hunt_message

from fifteen_kit.errors import InvalidArgumentError


def test_a_pair_finds_sets_one_by_one():
    hunt = SetHunt()
    assert hunt.pick([9, 6]).keep() == "6 + 9 = 15: kept. Your list has 1 set."
    assert hunt.chosen() == []  # the buttons are released for the next set
    assert hunt.pick([1, 2, 3, 4, 5]).keep() == "1 + 2 + 3 + 4 + 5 = 15: kept. Your list has 2 sets."
    assert hunt.pick([6, 9]).keep() == "6 + 9 is on your list already. Your list has 2 sets."
    assert hunt.pick([8, 9]).keep() == "8 + 9 = 17, not 15. Take a digit out or swap one."
    assert hunt.found == [(6, 9), (1, 2, 3, 4, 5)]
    assert "6 + 9" in hunt.listing.value and "1 + 2 + 3 + 4 + 5" in hunt.listing.value


def test_the_hunt_never_tells_the_number_of_sets():
    from fifteen_kit.counting import digit_sets

    hunt = SetHunt()
    texts = [hunt.pick(s).keep() for s in ([7, 8], [1, 5, 9], [])]
    assert not any(f" {digit_sets(15)} " in t for t in texts)
    assert texts[-1] == "Press some digits first: their sum has to be 15."


def test_bad_input_is_named():
    with pytest.raises(InvalidArgumentError, match="different"):
        hunt_message([4, 4, 7], [])
    with pytest.raises(InvalidArgumentError, match="total"):
        SetHunt(total=46)
    with pytest.raises(InvalidArgumentError, match="digit"):
        SetHunt().pick([0])
