"""Computer players for the "15" dice game; each decides deterministically (rolls come from the game).

* :class:`CautiousPlayer` places every valid die and stops as soon as it may.
* :class:`GreedyPlayer` places every valid die and always rolls on.
* :class:`OptimalPlayer` follows the exact optimal policy (highest expected score).

Every player answers ``decide(turn) -> ('place', colours) | ('roll', ()) | ('stop', ())``.

>>> from fifteen_kit.nasty15 import Turn
>>> t = Turn.start((4, 3, 3, 2, 2, 1)).roll_with((2, 1, 4, 6, 6, 6))
>>> CautiousPlayer().decide(t)
('place', (<Colour.BLUE: 'B'>, <Colour.YELLOW: 'Y'>))
>>> OptimalPlayer().decide(t)
('place', (<Colour.YELLOW: 'Y'>,))
"""

from __future__ import annotations

from ..errors import GameOverError, InvalidArgumentError
from .boards import Colour
from .policy import OptimalPolicy, policy_for
from .rules import Phase, Turn

__all__ = ["DICE_PLAYERS", "CautiousPlayer", "GreedyPlayer", "OptimalPlayer", "make_dice_player"]

Decision = tuple[str, tuple[Colour, ...]]


def _live(turn: Turn) -> Turn:
    if not isinstance(turn, Turn):
        raise InvalidArgumentError("a dice player decides on a Turn", input=turn)
    if turn.is_over:
        raise GameOverError("the turn is over", input=turn.notation(), position=turn.notation())
    return turn


class CautiousPlayer:
    """Places every valid die, then stops at once (a safe, low-scoring rule of thumb)."""

    name = "cautious"

    def decide(self, turn: Turn) -> Decision:
        """The next action in ``turn``."""
        turn = _live(turn)
        if turn.phase is Phase.PLACE:
            return "place", turn.valid_colours()
        if turn.placed_count == 0:
            return "roll", ()
        return "stop", ()


class GreedyPlayer:
    """Places every valid die and always rolls on (bold, often busts)."""

    name = "greedy"

    def decide(self, turn: Turn) -> Decision:
        """The next action in ``turn``."""
        turn = _live(turn)
        if turn.phase is Phase.PLACE or turn.valid_colours():
            return "place", turn.valid_colours()
        return "roll", ()


class OptimalPlayer:
    """Plays the exact optimal policy of the turn's board and variant (policies are cached per board)."""

    name = "optimal"

    def policy(self, turn: Turn) -> OptimalPolicy:
        """The optimal policy for ``turn``'s board and variant (shared, see :func:`policy_for`).

        Raises InvalidArgumentError for anything but a Turn.
        """
        if not isinstance(turn, Turn):
            raise InvalidArgumentError("a dice player decides on a Turn", input=turn)
        return policy_for(turn.targets, turn.gambler)

    def decide(self, turn: Turn) -> Decision:
        """The optimal next action in ``turn``."""
        return self.policy(_live(turn)).best(turn)


#: The computer dice players by name.
DICE_PLAYERS = {cls.name: cls for cls in (CautiousPlayer, GreedyPlayer, OptimalPlayer)}


def make_dice_player(name: str) -> CautiousPlayer | GreedyPlayer | OptimalPlayer:
    """A computer dice player by name (``'cautious'``, ``'greedy'``, ``'optimal'``).

    Raises InvalidArgumentError for an unknown name.
    """
    try:
        if not isinstance(name, str):
            raise KeyError(name)
        return DICE_PLAYERS[name]()
    except KeyError:
        raise InvalidArgumentError(f"unknown dice player; choose one of {', '.join(DICE_PLAYERS)}",
                                   input=name) from None
