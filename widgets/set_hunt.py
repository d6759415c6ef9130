"""A hunt for sets of digits that make a total (lesson 03's play-first activity).

Nine digit buttons; pressing one puts it in (or takes it out of) the set, and the running sum is shown. When the
set makes the total, **Keep this set** adds it to the pair's list. The hunt never says how many sets there are:
that is the question the lesson goes on to answer.

>>> hunt = SetHunt()
>>> hunt.pick([7, 8]).keep()
'7 + 8 = 15: kept. Your list has 1 set.'
"""

from __future__ import annotations

from collections.abc import Iterable

import ipywidgets as w

from fifteen_kit import _check
from fifteen_kit.errors import InvalidArgumentError

from .palette import PALETTE, TEXT_PX

__all__ = ["SetHunt", "hunt_message"]


def hunt_message(chosen: Iterable[int], found: Iterable[Iterable[int]], total: int = 15) -> str:
    """What the hunt says when **Keep this set** is pressed with the digits ``chosen`` (1..9, different) and the
    sets already ``found``; ``total`` is the sum to make (1..45).

    Raises InvalidArgumentError for a digit outside 1..9, a digit given twice, or a total outside 1..45.

    >>> hunt_message([4, 5, 6], [])
    '4 + 5 + 6 = 15: kept. Your list has 1 set.'
    >>> hunt_message([9, 5], [])
    '5 + 9 = 14, not 15. Add a digit or swap one.'
    >>> hunt_message([6, 5, 4], [[4, 5, 6]])
    '4 + 5 + 6 is on your list already. Your list has 1 set.'
    """
    total = _check.whole(total, 1, 45, "the total")
    digits = sorted(_check.whole(d, 1, 9, "a chosen digit") for d in _check.items(chosen, 9, "the chosen digits"))
    if len(set(digits)) != len(digits):
        raise InvalidArgumentError("the chosen digits must be different", input=chosen)
    sets = {tuple(sorted(_check.whole(d, 1, 9, "a digit of a found set") for d in _check.items(s, 9, "a found set")))
            for s in _check.items(found, 512, "the found sets")}
    if not digits:
        return f"Press some digits first: their sum has to be {total}."
    sum_text = " + ".join(map(str, digits))
    if tuple(digits) in sets:
        return f"{sum_text} is on your list already. Your list has {len(sets)} set{'s' * (len(sets) != 1)}."
    if sum(digits) != total:
        advice = "Add a digit or swap one" if sum(digits) < total else "Take a digit out or swap one"
        return f"{sum_text} = {sum(digits)}, not {total}. {advice}."
    return f"{sum_text} = {total}: kept. Your list has {len(sets) + 1} set{'s' * (len(sets) != 0)}."


class SetHunt(w.VBox):
    """Nine digit buttons, the running sum, a **Keep this set** button and the list of sets found so far.

    ``total`` is the sum to make (1..45). Raises InvalidArgumentError for another total.

    >>> SetHunt().pick([1, 2]).sum_line.value
    '<span style="font-size:16px">Your set: 1 + 2 = 3</span>'
    """

    def __init__(self, total: int = 15) -> None:
        self.total = _check.whole(total, 1, 45, "the total")
        self.found: list[tuple[int, ...]] = []
        px = TEXT_PX["large"]
        self.buttons = [w.ToggleButton(description=str(d), tooltip=f"put {d} in the set or take it out",
                                       layout=w.Layout(width=f"{px * 2.4:g}px", height=f"{px * 2.2:g}px"))
                        for d in range(1, 10)]
        for button in self.buttons:
            button.style.font_size = f"{px}px"
            button.observe(self._pressed, "value")
        self.sum_line = w.HTML()
        self.keep_button = w.Button(description="Keep this set", tooltip=f"add the set to your list if it makes "
                                    f"{self.total}", layout=w.Layout(width="max-content"))
        self.keep_button.style.font_size = f"{TEXT_PX['normal']}px"
        self.keep_button.on_click(lambda _: self.keep())
        self.message = w.HTML()
        self.listing = w.HTML()
        self._show_sum()
        super().__init__([w.HBox(self.buttons), self.sum_line, self.keep_button, self.message, self.listing])

    def chosen(self) -> list[int]:
        """The digits pressed in, smallest first.

        >>> SetHunt().chosen()
        []
        """
        return [d for d, b in zip(range(1, 10), self.buttons, strict=True) if b.value]

    def pick(self, digits: Iterable[int]) -> SetHunt:
        """Press exactly the digits ``digits`` in (1..9), as a pupil would, and return the hunt.

        Raises InvalidArgumentError for a digit outside 1..9.

        >>> SetHunt().pick([2, 9, 4]).chosen()
        [2, 4, 9]
        """
        wanted = {_check.whole(d, 1, 9, "a digit to pick") for d in _check.items(digits, 9, "the digits to pick")}
        for d, button in zip(range(1, 10), self.buttons, strict=True):
            button.value = d in wanted
        return self

    def keep(self) -> str:
        """Keep the chosen set if it makes the total and is new; show and return what the hunt says.

        >>> SetHunt().pick([1, 2]).keep()
        '1 + 2 = 3, not 15. Add a digit or swap one.'
        """
        digits = self.chosen()
        text = hunt_message(digits, self.found, self.total)
        if digits and sum(digits) == self.total and tuple(digits) not in self.found:
            self.found.append(tuple(digits))
            for button in self.buttons:
                button.value = False
            self.listing.value = ('<div style="font-size:{}px; color:{}"><b>Your sets</b><br>{}</div>'.format(
                TEXT_PX["normal"], PALETTE["ink"], "<br>".join(" + ".join(map(str, s)) for s in self.found)))
        self.message.value = f'<span style="font-size:{TEXT_PX["normal"]}px">{text}</span>'
        return text

    def _pressed(self, change: dict) -> None:
        # a digit in the set is shown pressed and coloured (the sum line names it too, so colour is not alone)
        change["owner"].button_style = "primary" if change["new"] else ""
        self._show_sum()

    def _show_sum(self) -> None:
        digits = self.chosen()
        shown = f"{' + '.join(map(str, digits))} = {sum(digits)}" if digits else "no digits yet"
        self.sum_line.value = f'<span style="font-size:{TEXT_PX["normal"]}px">Your set: {shown}</span>'
