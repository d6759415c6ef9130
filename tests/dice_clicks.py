"""A pupil's random legal click on a dice board, shared by the board tests and the results tests."""

from __future__ import annotations

import random

from fifteen_kit.nasty15 import Phase


def random_click(board, rng: random.Random) -> None:
    """One random legal click of the human seat on the dice board ``board``."""
    t = board.game.turn
    if t.is_over:
        board.next_button.click()
    elif t.phase is Phase.PLACE or (t.phase is Phase.DECIDE and t.valid_colours() and rng.random() < 0.5):
        board.dice[rng.choice(t.valid_colours())].click()
    elif t.phase is Phase.DECIDE and rng.random() < 0.4:
        board.stop_button.click()
    else:
        board.roll_button.click()
