"""The boards' palette: every text colour on its background reaches WCAG's 4.5:1, and the sizes are classroom sizes."""

from __future__ import annotations

import pytest
from fifteen_kit.widgets.palette import PALETTE, TEXT_PAIRS, TEXT_PX, check_size, contrast_ratio

from fifteen_kit.errors import InvalidArgumentError


@pytest.mark.parametrize(("text", "background"), TEXT_PAIRS, ids=[f"{t}-on-{b}" for t, b in TEXT_PAIRS])
def test_text_pairs_reach_4_5(text, background):
    assert contrast_ratio(PALETTE[text], PALETTE[background]) >= 4.5


def test_contrast_ratio_known_values():
    assert contrast_ratio("#ffffff", "#ffffff") == 1.0
    assert contrast_ratio("#000000", "#ffffff") == contrast_ratio("#ffffff", "#000000") == 21.0
    assert contrast_ratio("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)  # the classic just-fails grey


def test_sizes():
    assert TEXT_PX == {"normal": 16, "large": 22}
    assert check_size("normal") == "normal"
    for bad in ("huge", 1, None, True):
        with pytest.raises(InvalidArgumentError):
            check_size(bad)


@pytest.mark.parametrize("bad", ["red", "#12345", "#gggggg", 7])
def test_bad_colours(bad):
    with pytest.raises(InvalidArgumentError, match="colour"):
        contrast_ratio(bad, "#ffffff")
