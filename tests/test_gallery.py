"""Lesson 00's gallery: four boards in tabs whose titles a pupil can read."""

import pytest
from fifteen_kit.widgets import DiceBoard, FifteensBoard, FiveBy15Board, GameOf15Board
from fifteen_kit.widgets.gallery import GALLERY_CSS, TITLES, gallery
from fifteen_kit.widgets.palette import PALETTE, contrast_ratio

from fifteen_kit.errors import InvalidArgumentError


def test_the_gallery_has_one_tab_per_game_with_readable_titles():
    style, tabs = gallery(seed=1).children
    assert [type(page.children[-1]) for page in tabs.children][:1] == [GameOf15Board]  # the others when opened
    for index in (3, 1, 2, 0, 3):
        tabs.selected_index = index
    assert [type(page.children[-1]) for page in tabs.children] == [GameOf15Board, DiceBoard, FifteensBoard,
                                                                   FiveBy15Board]
    assert [len(page.children) for page in tabs.children] == [2, 2, 2, 2]  # the rules, then the board
    rules = [page.children[0].value for page in tabs.children]
    assert "B ≤ 2" in rules[1] and "bust" in rules[1] and all("How to play." in r for r in rules)
    assert tuple(tabs.titles) == TITLES
    assert "fk-gallery" in tabs._dom_classes
    assert GALLERY_CSS in style.value and "font-size: 16px" in GALLERY_CSS
    assert f"color: {PALETTE['ink']}" in GALLERY_CSS and f"background: {PALETTE['ivory']}" in GALLERY_CSS
    assert contrast_ratio(PALETTE["ink"], PALETTE["ivory"]) >= 4.5


@pytest.mark.parametrize("bad", [-1, 1.5, "1", None, True])
def test_a_bad_seed_is_refused(bad):
    with pytest.raises(InvalidArgumentError):
        gallery(seed=bad)
