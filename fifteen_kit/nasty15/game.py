"""A whole game of "15": players, ten goal boards, the score pad, handicap and gambler variants.

Rules, in the kit's words:

* 1 to 6 players (1 is solo practice).  Ten of the 15 goal boards are drawn at
  random; each is played by every player in turn order, and the highest total
  after the tenth board wins.
* Handicap variant: the back sides (five targets) are used and each player's
  white die takes the number of a *dice marker* as its target.  Markers in play
  by player count: 2 players 1 and 3; 3 players 1, 2, 4; 4 players 1, 2, 3, 5;
  5 players 1 to 5; 6 players 1 to 6.  On the first board everyone uses marker 1;
  from the second board on, the leader takes the lowest marker, the next player
  the next, and so on; among tied players the one earlier in turn order takes
  the higher number.
* Gambler variant: a bust scores 0.  Both variants combine.

>>> g = Game(["Ada", "Ben"], seed=3)
>>> g.turn.phase.value, g.player, g.board_number
('R', 'Ada', 1)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Set
from dataclasses import dataclass
from typing import Any, Literal

from .. import _check
from ..chance import Seed, make_rng
from ..contract import Player
from ..errors import GameOverError, IllegalMoveError, InvalidArgumentError
from ..options import Option
from .boards import MAX_NAME, Colour, GoalBoard, check_board_pairs, default_boards
from .rules import Decision, Turn

__all__ = ["MARKERS", "MAX_PLAYERS", "OPTIONS", "Game", "ScoreEntry", "Switch", "check_player_count",
           "check_player_name"]

#: A variant that is on or off (a board's checkbox).
Switch = Literal[False, True]
#: The setup choices of a game, each declared once (:class:`fifteen_kit.options.Option`): name -> option.
OPTIONS: dict[str, Option[bool]] = {option.name: option for option in (
    Option.declare(Switch, {False: "base game", True: "handicap"}, name="handicap", title="Handicap",
                   section="Handicap variant", help="Back sides with a white-die marker per player"),
    Option.declare(Switch, {False: "a bust scores the open targets", True: "a bust scores 0"}, name="gambler",
                   title="Gambler", section="Gambler variant", help="A roll with no valid die scores 0"),
    Option.declare(Switch, {False: "any sum 5-30", True: "sum to 15"}, name="backs_sum_to_15",
                   title="Back sides sum to 15", section="Objective",
                   help="Refuse back sides whose five targets do not add up to 15"),
)}

#: Dice markers in play by number of players (handicap variant).
MARKERS = {2: (1, 3), 3: (1, 2, 4), 4: (1, 2, 3, 5), 5: (1, 2, 3, 4, 5), 6: (1, 2, 3, 4, 5, 6)}
#: The most players a game seats.
MAX_PLAYERS = 6


def check_player_count(count: int, handicap: bool = False) -> int:
    """``count`` if a game seats that many players: 1 to 6, or 2 to 6 in the handicap variant.

    Raises InvalidArgumentError with the rule otherwise (the dice board's seat buttons show that message).

    >>> check_player_count(7)
    Traceback (most recent call last):
    ...
    fifteen_kit.errors.InvalidArgumentError: a game has at most 6 players (input: 7)
    """
    _check.whole(count, 0, None, "the number of players")
    if _check.flag(handicap, "handicap") and count == 1:
        raise InvalidArgumentError("the handicap variant needs 2 to 6 players", input=count)
    if count > MAX_PLAYERS:
        raise InvalidArgumentError(f"a game has at most {MAX_PLAYERS} players", input=count)
    if count < 1:
        raise InvalidArgumentError("a game needs at least one player", input=count)
    return count


def check_player_name(name: str, taken: Iterable[str] = ()) -> str:
    """``name`` if it can name a player: text of 1 to 40 characters, not blank, and none of the names ``taken``
    (at most 6; compared without spaces at either end, as they look on the score pad).

    Raises InvalidArgumentError otherwise.

    >>> check_player_name("Ann ", taken=["Bo", "Ann"])
    Traceback (most recent call last):
    ...
    fifteen_kit.errors.InvalidArgumentError: that name is taken: each player needs a different name (input: 'Ann ')
    """
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        raise InvalidArgumentError(f"a player's name is text of 1 to {MAX_NAME} characters", input=_check.short(name))
    others = _check.items(taken, MAX_PLAYERS, "the names taken")
    for other in others:
        if not isinstance(other, str):
            raise InvalidArgumentError("the names taken are text", input=_check.short(other))
    if name.strip() in {n.strip() for n in others}:
        raise InvalidArgumentError("that name is taken: each player needs a different name", input=name)
    return name


@dataclass(frozen=True)
class ScoreEntry:
    """One cell of the score pad: board number, player, points, and the finished turn's notation."""

    board: int
    player: str
    points: int
    turn: str


class Game:
    """A game of "15" for 1 to 6 players (a mutable wrapper around immutable turns).

    Args:
        players: the players' names, in turn order (1 to 6, distinct).
        seed: seeds the board draw and every roll.
        handicap, gambler: the variants (they combine).
        boards: the double-sided goal boards to draw from, 1 to 100 (base side, back side) pairs
            (default: the kit's 15, :func:`default_boards`; see :func:`parse_boards` for a user's own set).
        rounds: how many boards are played (10 in the rulebook), 1 to the number of boards.
        backs_sum_to_15: refuse back sides whose targets do not sum to 15 (the other reading of the
            Objective; see :mod:`fifteen_kit.nasty15.rules`).

    Raises InvalidArgumentError for bad players, seeds, flags or boards, before anything changes.

    >>> Game(["Ada", "Ben", "Cy", "Dee"], seed=1, handicap=True).markers_in_play
    (1, 2, 3, 5)
    """

    def __init__(self, players: list[str], seed: Seed = None, handicap: bool = False, gambler: bool = False,
                 boards: tuple[tuple[GoalBoard, GoalBoard], ...] | None = None, rounds: int = 10,
                 backs_sum_to_15: bool = False) -> None:
        if isinstance(players, (Mapping, Set)):  # the seating order is the order of play: it must be given
            raise InvalidArgumentError("players are given in seating order (a list or tuple of names)",
                                       input=players)
        names = _check.items(players, MAX_PLAYERS, "the players")
        for i, name in enumerate(names):
            check_player_name(name, names[:i])
        handicap = OPTIONS["handicap"].check(handicap)
        gambler = OPTIONS["gambler"].check(gambler)
        check_player_count(len(names), handicap)
        pool = default_boards() if boards is None else check_board_pairs(boards, "boards", backs_sum_to_15)
        if boards is None:
            OPTIONS["backs_sum_to_15"].check(backs_sum_to_15)
        _check.whole(rounds, 1, len(pool), "rounds (the number of boards played, at most the boards to draw from)")
        rng = make_rng(seed)
        # every argument is checked: only now does the game take its state
        self.players = tuple(names)
        self.handicap = handicap
        self.gambler = gambler
        self.rounds = rounds
        self.rng = rng
        self.boards = tuple(self.rng.sample(pool, self.rounds))
        self.pad: list[ScoreEntry] = []
        self.board_index = 0
        self.player_index = 0
        self.markers = {name: 1 for name in self.players}
        self.turn = self._new_turn()

    # -- reading --------------------------------------------------------------------------------
    @property
    def board(self) -> GoalBoard:
        """The goal-board side in play (the back side in the handicap variant)."""
        base, back = self.boards[self.board_index]
        return back if self.handicap else base

    @property
    def board_number(self) -> int:
        """The board being played, from 1."""
        return self.board_index + 1

    @property
    def player(self) -> str:
        """The player whose turn it is."""
        return self.players[self.player_index]

    @property
    def is_over(self) -> bool:
        """True after the last player's turn on the last board."""
        return len(self.pad) == self.rounds * len(self.players)

    def totals(self) -> dict[str, int]:
        """Each player's total so far."""
        out = dict.fromkeys(self.players, 0)
        for e in self.pad:
            out[e.player] += e.points
        return out

    def winners(self) -> tuple[str, ...]:
        """The players with the highest total (several on a tie); empty until the game is over."""
        if not self.is_over:
            return ()
        totals = self.totals()
        best = max(totals.values())
        return tuple(p for p in self.players if totals[p] == best)

    @property
    def markers_in_play(self) -> tuple[int, ...]:
        """The dice markers used in the handicap variant for this many players (empty without handicap).

        Rulebook, Handicap Variant: 2 players 1 + 3; 3: 1 + 2 + 4; 4: 1 + 2 + 3 + 5; 5: 1 to 5; 6: all six.
        """
        return MARKERS[len(self.players)] if self.handicap else ()

    def targets_in_play(self) -> tuple[tuple[int, ...], ...]:
        """Every six-target set this game can ask for: each drawn board, with each marker in play as white's
        target in the handicap variant (what a computer player or the coach needs solved ahead).

        >>> len(Game(["Ada", "Ben"], seed=1, handicap=True).targets_in_play()) <= 20
        True
        """
        found: dict[tuple[int, ...], None] = {}
        for base, back in self.boards:
            if self.handicap:
                for marker in self.markers_in_play:
                    found[tuple(t for _, t in back.with_white(marker))] = None
            else:
                found[tuple(t for _, t in base.targets)] = None
        return tuple(found)

    def targets_for(self, player: str) -> tuple[int, ...]:
        """The six targets ``player`` plays on the current board (white = marker in the handicap variant).

        Raises InvalidArgumentError unless ``player`` is one of the game's player names.

        >>> Game(["Ada", "Ben"], seed=3).targets_for("Ben") == Game(["Ada", "Ben"], seed=3).turn.targets
        True
        """
        if not isinstance(player, str) or player not in self.markers:
            raise InvalidArgumentError(f"no such player in this game; the players are {', '.join(self.players)}",
                                       input=player)
        board = self.board
        if self.handicap:
            return tuple(t for _, t in board.with_white(self.markers[player]))
        return tuple(t for _, t in board.targets)  # a base side: all six colours, in colour order

    # -- acting -------------------------------------------------------------------------------------
    def _new_turn(self) -> Turn:
        return Turn.start(self.targets_for(self.player), gambler=self.gambler)

    def _where(self) -> str:
        return f"board {self.board_number}, {self.player}: {self.turn.notation()}"

    def _check_live(self, what: object) -> None:
        if self.is_over:
            raise GameOverError("the game is over", input=what, position=self._where())
        if self.turn.is_over:
            raise GameOverError("this turn is over; call next_turn()", input=what, position=self._where())

    def roll(self) -> Turn:
        """Roll the current player's unplaced dice with the game's seeded generator."""
        self._check_live("roll")
        try:
            self.turn = self.turn.roll(self.rng)
        except IllegalMoveError as err:
            raise type(err)(err.message, input="roll", position=self._where()) from None
        return self.turn

    def place(self, colours: list[Colour | str] | Colour | str) -> Turn:
        """Place valid dice of the current roll (see :meth:`Turn.place`)."""
        self._check_live(colours)
        try:
            self.turn = self.turn.place(colours)
        except IllegalMoveError as err:
            raise type(err)(err.message, input=colours, position=self._where()) from None
        return self.turn

    def stop(self) -> Turn:
        """Stop and score (see :meth:`Turn.stop`)."""
        self._check_live("stop")
        try:
            self.turn = self.turn.stop()
        except IllegalMoveError as err:
            raise type(err)(err.message, input="stop", position=self._where()) from None
        return self.turn

    def play_turn(self, player: Player[Turn, Decision]) -> Turn:
        """Play the rest of the current turn with a computer player's decisions to its end.

        ``player`` has ``choose(turn) -> Decision`` (any player of :mod:`fifteen_kit.nasty15.players`); after
        each ``roll`` decision the game rolls.  Returns the finished turn; the score pad is written by
        :meth:`next_turn`, as for a human.  Raises InvalidArgumentError for something that is not a player or
        a choice that is not a Decision, GameOverError after the turn or the game, and the kit's errors for a
        decision the rules refuse.

        >>> from fifteen_kit.nasty15.players import CautiousPlayer
        >>> game = Game(["Ann"], seed=1)
        >>> game.play_turn(CautiousPlayer()).is_over
        True
        """
        if isinstance(player, type) or not callable(getattr(player, "choose", None)):
            raise InvalidArgumentError("a dice player is an object with a choose(turn) method", input=player)
        self._check_live("play_turn")
        while not self.turn.is_over:
            move = player.choose(self.turn)
            if not isinstance(move, Decision):
                raise InvalidArgumentError("a dice player chooses a Decision: place dice, stop or roll",
                                           input=_check.short(move), position=self._where())
            if move.action == "roll":
                self.roll()
            elif move.action == "place":
                self.place(list(move.colours))
            else:
                self.stop()
        return self.turn

    def next_turn(self) -> None:
        """Write the finished turn on the score pad and pass to the next player (or board).

        Raises GameOverError while the turn is still on, or after the game.
        """
        if self.is_over:
            raise GameOverError("the game is over", input=None, position=self._where())
        if not self.turn.is_over:
            raise GameOverError("the turn is still being played: finish it first (roll, place or stop)", input=None,
                                position=self._where())
        score = self.turn.score
        assert score is not None  # the turn is over, so it has a score
        self.pad.append(ScoreEntry(self.board_number, self.player, score, self.turn.notation()))
        if self.is_over:
            return
        self.player_index += 1
        if self.player_index == len(self.players):
            self.player_index = 0
            self.board_index += 1
            if self.handicap:
                self._assign_markers()
        self.turn = self._new_turn()

    # -- a game kept and continued ----------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """The game as plain data (JSON-able), for :meth:`restore` on a game made with the same arguments.

        Holds the boards drawn, the score pad, whose turn it is on which board, the handicap markers, the
        turn in play (its notation) and the state of the game's random generator, so the rolls to come are the
        ones this game would have rolled.

        >>> g = Game(["Ada", "Ben"], seed=3); _ = g.roll()
        >>> h = Game(["Ada", "Ben"], seed=3); h.restore(g.snapshot())
        >>> h.turn == g.turn and h.rng.random() == g.rng.random()
        True
        """
        version, internal, gauss = self.rng.getstate()
        return {"players": list(self.players), "boards": [[b.notation(), k.notation()] for b, k in self.boards],
                "pad": [[e.board, e.player, e.points, e.turn] for e in self.pad], "board_index": self.board_index,
                "player_index": self.player_index, "markers": dict(self.markers), "turn": self.turn.notation(),
                "rng": [version, list(internal), gauss]}

    def restore(self, snapshot: Mapping[str, Any]) -> None:
        """Go on from ``snapshot`` (see :meth:`snapshot`): a game of the same players and boards, kept earlier.

        The snapshot may come from a pupil's file, so every part is checked first: raises InvalidArgumentError
        (or NotationError for a turn) naming what does not fit this game, and then changes nothing.
        """
        def bad(what: str, value: object) -> InvalidArgumentError:
            return InvalidArgumentError(f"the kept game's {what} does not fit this game", input=_check.short(value))

        if not isinstance(snapshot, Mapping):
            raise bad("data", snapshot)
        if snapshot.get("players") != list(self.players):
            raise bad("players", snapshot.get("players"))
        if snapshot.get("boards") != [[b.notation(), k.notation()] for b, k in self.boards]:
            raise bad("goal boards", snapshot.get("boards"))
        n = len(self.players)
        board_index, player_index = snapshot.get("board_index"), snapshot.get("player_index")
        if type(board_index) is not int or not 0 <= board_index < self.rounds:
            raise bad("board", board_index)
        if type(player_index) is not int or not 0 <= player_index < n:
            raise bad("player", player_index)
        pad, rows = snapshot.get("pad"), []
        if not isinstance(pad, list) or len(pad) not in (board_index * n + player_index, self.rounds * n):
            raise bad("score pad", pad)
        for i, row in enumerate(pad):
            if (not isinstance(row, list) or len(row) != 4 or row[0] != i // n + 1 or row[1] != self.players[i % n]
                    or type(row[2]) is not int or not 0 <= row[2] <= 200):
                raise bad("score pad", row)
            rows.append(ScoreEntry(row[0], row[1], row[2], Turn.parse(_check.text(row[3], 80, "a kept turn"))
                                   .notation()))
        markers = snapshot.get("markers")
        if not isinstance(markers, dict) or set(markers) != set(self.players) or not all(
                type(v) is int and 1 <= v <= 6 for v in markers.values()):
            raise bad("markers", markers)
        turn = Turn.parse(_check.text(snapshot.get("turn"), 80, "the kept turn"))
        rng = snapshot.get("rng")
        state = random.Random()
        try:
            version, internal, gauss = rng  # type: ignore[misc]
            state.setstate((version, tuple(internal), gauss))
        except (TypeError, ValueError) as exc:
            raise bad("random generator", rng) from exc
        self.pad, self.board_index, self.player_index = rows, board_index, player_index
        self.markers, self.turn, self.rng = dict(markers), turn, state

    def _assign_markers(self) -> None:
        markers = MARKERS[len(self.players)]
        totals = self.totals()
        # leader first; among ties the player later in turn order comes first (so gets the lower number)
        ranking = sorted(range(len(self.players)), key=lambda i: (-totals[self.players[i]], -i))
        for rank, i in enumerate(ranking):
            self.markers[self.players[i]] = markers[rank]
