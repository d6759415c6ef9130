"""Computer players for the Game of 15, each deterministic for a given seed.

* :class:`RandomPlayer` drafts any digit left in the pool.
* :class:`TacticianPlayer` follows the rulebook's techniques (section 2.3), in
  order: complete its own fifteen; block the opponent's; make a fork (two threats
  at once); take the 5 (the central anchor); take an even digit (a corner); take
  an odd digit.
* :class:`PerfectPlayer` plays the solver's best moves: the fastest win, or the
  slowest loss, choosing at random among equally good digits.

Every player has the engine contract's shape (:class:`~fifteen_kit.contract.Player`): a ``name``
and ``choose(position) -> digit``.  Ties are broken with the player's own ``random.Random``, so
the same seed gives the same game on every machine.  :data:`PLAYERS` maps each name to its
factory (the class: ``PLAYERS[name](seed)`` builds one) and :func:`make_player` builds one by name.

>>> from fifteen_kit.game_of_15 import Round
>>> TacticianPlayer(seed=1).choose(Round.parse('29/35 O'))   # complete 2+9+4
4
>>> PerfectPlayer(seed=1).choose(Round.parse('5/- I')) in (2, 4, 6, 8)
True
"""

from __future__ import annotations

import inspect
from typing import Literal

from .. import _check
from ..chance import Seed, make_rng
from ..contract import Player, PlayerFactory
from ..errors import GameOverError, InvalidArgumentError
from .match import Match
from .rules import Claim, Draft, Round
from .solver import _DEFAULT, Solver
from .square import WINNING_TRIPLES, digits_of, mask_of

__all__ = ["PLAYERS", "ComputerPlayer", "PerfectPlayer", "RandomPlayer", "TacticianPlayer", "Technique",
           "computer_claim", "computer_step", "make_player", "threats"]

#: What every computer player offers (the engine contract's Player on a Round): a ``name`` and
#: ``choose(position) -> digit``.
ComputerPlayer = Player[Round, int]

#: The rulebook technique (section 2.3) behind a :class:`TacticianPlayer` draft, in the order tried.
Technique = Literal["complete a fifteen", "block the opponent", "make a fork", "take 5", "take an even digit",
                    "take an odd digit"]


def threats(own: frozenset[int], pool: frozenset[int]) -> frozenset[int]:
    """Digits in ``pool`` that would complete a fifteen with two of the digits in ``own``.

    Args:
        own: the digits of one rack; pool: the digits still in the pool (each a
            collection of whole numbers 1..9, e.g. ``Round.rack(side)`` and ``Round.pool``).

    Raises InvalidArgumentError if either is not a collection of digits 1..9, or if they share a digit.

    >>> sorted(threats(frozenset({5, 2, 4}), frozenset({1, 3, 6, 7, 8, 9})))
    [6, 8, 9]
    """
    own = frozenset(digits_of(mask_of(_check.items(own, 9, "own (a rack of digits)"))))
    pool = frozenset(digits_of(mask_of(_check.items(pool, 9, "pool (the digits left)"))))
    if own & pool:
        raise InvalidArgumentError("a drafted digit cannot also be in the pool", input=sorted(own & pool))
    out = set()
    for t in WINNING_TRIPLES:
        missing = [d for d in t if d not in own]
        if len(missing) == 1 and missing[0] in pool:
            out.add(missing[0])
    return frozenset(out)


def _check_live(position: Round) -> tuple[int, ...]:
    if not isinstance(position, Round):
        raise InvalidArgumentError("a computer player moves in a Round position", input=position)
    moves = position.legal_moves()
    if not moves:
        raise GameOverError("there is nothing to draft in this position", input=None, position=position.notation())
    return moves


class RandomPlayer:
    """Drafts a digit chosen uniformly from the pool.

    Args:
        seed: an int, a ``random.Random`` to draw from, or None (unseeded).

    Raises GameOverError when asked to move in a finished round.

    >>> RandomPlayer(seed=3).choose(Round())
    4
    """

    name = "random"

    def __init__(self, seed: Seed = None) -> None:
        self.rng = make_rng(seed)

    def choose(self, position: Round) -> int:
        """A random legal digit."""
        return self.rng.choice(_check_live(position))


class TacticianPlayer:
    """Plays the rulebook's four techniques plus the obvious first rule (section 2.3).

    In order: (1) complete its own fifteen; (2) block the opponent's threat
    (Technique 4); (3) draft a digit that makes a fork, two threats at once
    (Technique 3); (4) take 5 (Technique 1); (5) take an even digit, a corner
    (Technique 2); (6) take an odd digit.  Ties within a rule go to the seeded
    random generator.  It is strong but not perfect.

    >>> TacticianPlayer(seed=0).choose(Round.parse('59/2 I'))   # block 1+5+9
    1
    """

    name = "tactician"

    def __init__(self, seed: Seed = None) -> None:
        self.rng = make_rng(seed)

    def reason(self, position: Round) -> tuple[Technique, tuple[int, ...]]:
        """The first technique that applies and the digits it allows.

        >>> TacticianPlayer().reason(Round())
        ('take 5', (5,))
        """
        moves = _check_live(position)
        pool = position.pool
        mine = position.rack(position.to_move)
        theirs = position.rack(position.to_move.other)
        win = sorted(threats(mine, pool))
        if win:
            return "complete a fifteen", tuple(win)
        block = sorted(threats(theirs, pool))
        if block:
            return "block the opponent", tuple(block)
        forks = [d for d in moves if len(threats(mine | {d}, pool - {d})) >= 2]
        if forks:
            return "make a fork", tuple(forks)
        if 5 in pool:
            return "take 5", (5,)
        evens = [d for d in moves if d % 2 == 0]
        if evens:
            return "take an even digit", tuple(evens)
        return "take an odd digit", moves

    def choose(self, position: Round) -> int:
        """The digit the first applicable technique picks (random among its options)."""
        return self.rng.choice(self.reason(position)[1])


class PerfectPlayer:
    """Plays perfectly: fastest win, else a draw, else the slowest loss; random among equals.

    Args:
        seed: tie-breaking randomness (int, ``random.Random`` or None).
        solver: a :class:`~fifteen_kit.game_of_15.solver.Solver` (the shared one by default).

    >>> PerfectPlayer(seed=0).choose(Round.parse('5/- I'))   # only a corner holds the draw
    8
    """

    name = "perfect"

    def __init__(self, seed: Seed = None, solver: Solver | None = None) -> None:
        if solver is not None and not isinstance(solver, Solver):
            raise InvalidArgumentError("solver must be a Solver (or None for the shared one)", input=solver)
        self.rng = make_rng(seed)
        self.solver = solver or _DEFAULT

    def choose(self, position: Round) -> int:
        """A random digit among the solver's best moves."""
        _check_live(position)
        return self.rng.choice(self.solver.evaluate(position).best_moves)


#: The computer players by name, for menus: ``'random'``, ``'tactician'``, ``'perfect'``.  Each value is
#: the player's factory, its class: called with a seed (``PLAYERS['perfect'](seed=1)``) it builds a player.
PLAYERS: dict[str, PlayerFactory] = {cls.name: cls for cls in (RandomPlayer, TacticianPlayer, PerfectPlayer)}


def make_player(name: str, seed: Seed = None) -> ComputerPlayer:
    """A computer player by name (see :data:`PLAYERS`), seeded with ``seed`` (None: fresh randomness).

    Raises InvalidArgumentError for an unknown name.

    >>> make_player('tactician', seed=2).name
    'tactician'
    """
    return PLAYERS[_check.choice(name, PLAYERS, "the computer player")](seed)


def computer_claim(position: Round) -> Claim | None:
    """What a computer player does with its turn open (manual claims, 2.4 phase 3): the claim to call, or None.

    Every computer player claims a fifteen as soon as its rack holds one (three of its digits summing to 15),
    naming exactly those three digits, so it never makes a false claim or a wrong statement; without one it
    ends its turn (None).  The turn that is open is the last drafter's.

    Args:
        position: the round, with at least one draft made (the last drafter is the one whose turn is open).

    Raises InvalidArgumentError unless ``position`` is a :class:`Round` in which someone has drafted.

    >>> computer_claim(Round.start(auto_claim=False).play(2).play(1).play(5).play(3).play(8))
    Claim(digits=(2, 5, 8))
    >>> computer_claim(Round.start(auto_claim=False).play(2)) is None
    True
    """
    if not isinstance(position, Round):
        raise InvalidArgumentError("a computer claims in a Round position", input=_check.short(position))
    side = position.last_drafter
    if side is None:
        raise InvalidArgumentError("nobody has drafted yet, so no turn is open", input=position.notation(),
                                   position=position.notation())
    own = position.fifteen(side)
    return None if own is None else Claim(own)


def computer_step(match: Match, player: ComputerPlayer) -> Draft | Claim | None:
    """Let ``player`` take one step for the side that must act in ``match``; return what it did.

    With that side's turn open (manual claims) the step is :func:`computer_claim`'s choice: the claim it
    called (a :class:`Claim`), or None when it ended its turn (with the pool empty that ends the round in a
    stalemate).  Otherwise the player drafts the digit it chooses (returned as a :class:`Draft`).  Call it
    while ``match.acting_side`` is the computer's side to play the computer's whole turn.

    Args:
        match: the :class:`~fifteen_kit.game_of_15.match.Match` being played (changed in place).
        player: a computer player (``name`` and ``choose(position)``), e.g. ``make_player('perfect')``.

    Raises InvalidArgumentError unless ``match`` is a Match and ``player`` a player instance (not a class);
    GameOverError when nobody is to act (the round or the match is over).  Nothing changes then.

    >>> m = Match(target=1, auto_claim=False)
    >>> computer_step(m, TacticianPlayer(seed=1))    # Onyx (the computer here) drafts the 5
    Draft(digit=5)
    >>> computer_step(m, TacticianPlayer(seed=1)) is None, m.acting_side.title   # no fifteen: it ends its turn
    (True, 'Ivory')
    """
    if not isinstance(match, Match):
        raise InvalidArgumentError("a computer steps in a Match", input=_check.short(match))
    if inspect.isclass(player) or not callable(getattr(player, "choose", None)):
        raise InvalidArgumentError("player must be a computer player (see make_player), not a class or other "
                                   "object", input=_check.short(player))
    if match.acting_side is None:
        raise GameOverError("nobody is to act: the round or the match is over", input=None,
                            position=f"round {match.round_number}, {match.round.notation()}")
    if match.turn_open:
        claim = computer_claim(match.round)
        if claim is None:
            match.end_turn()
        else:
            match.claim(claim.digits)
        return claim
    digit = player.choose(match.round)
    match.draft(digit)
    return Draft(digit)
