"""Computer players for the "15" dice game; each decides deterministically (rolls come from the game).

* :class:`CautiousPlayer` places every valid die and stops as soon as it may.
* :class:`GreedyPlayer` places every valid die and always rolls on.
* :class:`OptimalPlayer` follows the exact optimal policy (highest expected score).

Every player has a ``name`` and ``choose(turn)``, which returns one of ``turn.legal_moves()`` (a
:class:`~fifteen_kit.nasty15.rules.Decision`: place dice, stop, or roll on), as the engine contract's
:class:`~fifteen_kit.contract.Player` says.  After ``roll`` the game rolls (a chance step).

>>> from fifteen_kit.nasty15 import Turn
>>> t = Turn.start((4, 3, 3, 2, 2, 1)).roll_with((2, 1, 4, 6, 6, 6))
>>> CautiousPlayer().choose(t)
Decision.parse('place B Y')
>>> make_player('optimal').choose(t)
Decision.parse('place Y')
"""

from __future__ import annotations

from typing import Literal

from .. import _check
from ..chance import Seed, make_rng
from ..errors import GameOverError, InvalidArgumentError
from .policy import OptimalPolicy, policy_for
from .rules import Decision, Phase, Turn

__all__ = ["PLAYERS", "CautiousPlayer", "GreedyPlayer", "OptimalPlayer", "PlayerName", "make_player"]

#: The names of the computer dice players (the keys of :data:`PLAYERS`).
PlayerName = Literal["cautious", "greedy", "optimal"]


def _live(turn: Turn) -> Turn:
    if not isinstance(turn, Turn):
        raise InvalidArgumentError("a dice player decides on a Turn", input=turn)
    if turn.is_over:
        raise GameOverError("the turn is over", input=turn.notation(), position=turn.notation())
    return turn


class _Player:
    """What the three players share: a ``name``, and a ``seed`` that is checked (they need no chance)."""

    name: str = ""

    def __init__(self, seed: Seed = None) -> None:
        make_rng(seed)  # the registry's shape: a seed is taken (and checked), though no player needs chance

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class CautiousPlayer(_Player):
    """Places every valid die, then stops at once (a safe, low-scoring rule of thumb).

    ``seed``: taken for the shape of :data:`PLAYERS` (the player needs no chance).  Raises
    InvalidArgumentError for a bad seed.
    """

    name = "cautious"

    def choose(self, turn: Turn) -> Decision:
        """The next decision in ``turn``.  Raises InvalidArgumentError for a non-Turn, GameOverError after it."""
        turn = _live(turn)
        if turn.phase is Phase.PLACE:
            return Decision("place", turn.valid_colours())
        if turn.placed_count == 0:
            return Decision("roll")
        return Decision("stop")


class GreedyPlayer(_Player):
    """Places every valid die and always rolls on (bold, often busts).

    ``seed``: taken for the shape of :data:`PLAYERS` (the player needs no chance).  Raises
    InvalidArgumentError for a bad seed.
    """

    name = "greedy"

    def choose(self, turn: Turn) -> Decision:
        """The next decision in ``turn``.  Raises InvalidArgumentError for a non-Turn, GameOverError after it."""
        turn = _live(turn)
        if turn.phase is Phase.PLACE or turn.valid_colours():
            return Decision("place", turn.valid_colours())
        return Decision("roll")


class OptimalPlayer(_Player):
    """Plays the exact optimal policy of the turn's board and variant (policies are cached per board).

    ``seed``: taken for the shape of :data:`PLAYERS` (the policy breaks ties by a fixed order, not by
    chance).  Raises InvalidArgumentError for a bad seed.
    """

    name = "optimal"

    def policy(self, turn: Turn) -> OptimalPolicy:
        """The optimal policy for ``turn``'s board and variant (shared, see :func:`policy_for`).

        Raises InvalidArgumentError for anything but a Turn.
        """
        if not isinstance(turn, Turn):
            raise InvalidArgumentError("a dice player decides on a Turn", input=turn)
        return policy_for(turn.targets, turn.gambler)

    def choose(self, turn: Turn) -> Decision:
        """The optimal next decision in ``turn``.  Raises InvalidArgumentError for a non-Turn, GameOverError
        after it."""
        return self.policy(_live(turn)).best(turn)


#: The computer dice players by name (``'cautious'``, ``'greedy'``, ``'optimal'``): each a class taking a seed.
PLAYERS: dict[PlayerName, type[CautiousPlayer | GreedyPlayer | OptimalPlayer]] = {
    "cautious": CautiousPlayer, "greedy": GreedyPlayer, "optimal": OptimalPlayer}


def make_player(name: PlayerName, seed: Seed = None) -> CautiousPlayer | GreedyPlayer | OptimalPlayer:
    """A computer dice player by name (see :data:`PLAYERS`); ``seed`` as the players take it.

    Raises InvalidArgumentError for an unknown name or a bad seed.

    >>> make_player('greedy', seed=2).name
    'greedy'
    """
    return PLAYERS[_check.choice(name, PLAYERS, "the dice player")](seed)
