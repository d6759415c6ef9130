"""tests/sanitize.cfg, the rules nbval applies to saved and computed outputs before comparing them.

nbval reads the file with its own parser and applies the rules one after the other, in file order; these tests do
the same (with nbval's parser) on sample outputs, so a rule that eats part of another's match fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from nbval.plugin import get_sanitize_patterns

CFG = Path(__file__).with_name("sanitize.cfg")


def sanitized(text: str) -> str:
    for regex, replace in get_sanitize_patterns(CFG.read_text(encoding="utf-8")):
        text = re.sub(regex, replace, text)
    return text


@pytest.mark.parametrize(("output", "expected"), [
    ("<Figure size 750x400 with 1 Axes>", "<Figure>"),
    ("<Figure size 950x535 with 2 Axes>", "<Figure>"),
    ("<Figure size 259.2x172.8 with 1 Axes>", "<Figure>"),     # a dpi that gives fractional pixels
    ("<Figure size 1425x802.5 with 12 Axes>", "<Figure>"),
    ("<fifteen_kit.widgets.Board object at 0x7f3a2c1d5e80>", "<fifteen_kit.widgets.Board object at 0xADDRESS>"),
    ("<function f at 0x10c2b3a60>", "<function f at 0xADDRESS>"),
    ('{"model_id": "3fa85f6457174562b3fc2c963f66afa6"}', '{"model_id": "MODEL"}'),
])
def test_each_kind_of_output_is_sanitized(output: str, expected: str) -> None:
    assert sanitized(output) == expected


@pytest.mark.parametrize("text", [
    "a chart of 950x290 pixels",    # a size outside a Figure's repr is not an address
    "750x400",
    "0xFF is 255",                  # a short hex number in prose is not an address
    "the board 433221 112.2.. R",
])
def test_text_that_only_looks_like_an_address_is_kept(text: str) -> None:
    assert sanitized(text) == text


def test_the_figure_size_rule_still_matches_after_the_address_rule() -> None:
    # whatever the order of the sections, the address rule must leave a figure's size whole
    address = next(regex for regex, replace in get_sanitize_patterns(CFG.read_text(encoding="utf-8"))
                   if replace == "0xADDRESS")
    for size in ("750x400", "259.2x172.8", "1000x600"):
        assert re.sub(address, "0xADDRESS", f"<Figure size {size} with 1 Axes>") == f"<Figure size {size} with 1 Axes>"
