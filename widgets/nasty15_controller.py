"""The dice board's controller: the state machine behind :class:`~fifteen_kit.widgets.DiceBoard`.

It holds one :class:`~fifteen_kit.nasty15.game.Game`, who sits in each seat (a human or a computer player), the
worked example being shown, how fast the computer's turns are shown, the rolling animation's and the computer's
timers (asyncio tasks), the solving ahead of optimal policies and the message line.  It asks the engine for
every rule (what may be rolled, placed or stopped, each score, each computer's choice, each exact value) and
draws nothing: after every change it calls ``on_change`` (the views redraw from it), ``on_message`` when only the
message line changed, and ``on_tumble`` for each frame of a roll's animation.  :class:`DiceCoach` puts the exact
values of :mod:`fifteen_kit.nasty15.policy` into the coach's words.

>>> c = DiceController([("You", "human"), ("Computer", "optimal")], seed=4)
>>> c.start(); c.message
'Your turn: press Roll to roll the six dice.'
>>> c.roll(); c.game.turn.phase.value in ("P", "B")
True
"""

from __future__ import annotations

import asyncio
import re
import secrets
import time
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any, Literal

from fifteen_kit import _check
from fifteen_kit.chance import MAX_SEED, make_rng
from fifteen_kit.errors import FifteenKitError, InvalidArgumentError
from fifteen_kit.nasty15.boards import COLOURS, Colour, GoalBoard, check_board_pairs, default_boards
from fifteen_kit.nasty15.examples import WORKED_EXAMPLES, WorkedExample
from fifteen_kit.nasty15.game import Game, check_player_count
from fifteen_kit.nasty15.players import PLAYERS, CautiousPlayer, GreedyPlayer, OptimalPlayer, make_player
from fifteen_kit.nasty15.policy import OptimalPolicy, policy_for
from fifteen_kit.nasty15.rules import Decision, Phase, Turn

from .common import sentence

__all__ = ["COACH_WORDS", "COMPUTER_SPEEDS", "SEAT_KINDS", "CoachWords", "ComputerSpeed", "DiceCoach",
           "DiceController", "ExampleReplay", "Judged", "SeatKind", "SolvingAhead",
           "check_seats"]

#: Who sits in a seat: a human, or one of the computer players (:data:`~fifteen_kit.nasty15.players.PLAYERS`).
SeatKind = Literal["human", "cautious", "greedy", "optimal"]
#: The seat kinds, for the menus.
SEAT_KINDS: tuple[SeatKind, ...] = ("human", *PLAYERS)

#: How fast the computer's turns are shown: ``"step"`` (one move each time Next step is pressed), ``"slow"`` and
#: ``"fast"`` (a move every 1.5 s or 0.5 s, when an event loop runs), ``"instant"`` (whole turns at once).
ComputerSpeed = Literal["step", "slow", "fast", "instant"]
#: The speeds, in the order the "Computer speed" buttons offer them.
COMPUTER_SPEEDS: tuple[ComputerSpeed, ...] = ("step", "slow", "fast", "instant")
#: How the coach says its numbers: ``"average"`` ("13.74 points on average", before expected value is taught) or
#: ``"expected"`` ("expected final score 13.74").
CoachWords = Literal["average", "expected"]
#: The coach's wordings.
COACH_WORDS: tuple[CoachWords, ...] = ("average", "expected")
#: The decision the coach judges: all six dice placed, rolling on, or stopping.
Judged = Literal["place", "roll", "stop"]
#: Seconds between two of the computer's moves at the timed speeds.
_DELAY: dict[ComputerSpeed, float] = {"slow": 1.5, "fast": 0.5}
_SOLVE_SLICE = 0.02  # seconds of solving between two returns to the event loop
_SAY_TEXT = 10**6  # the longest text the message line takes
_MAX_POINTS = 1000  # more than any turn scores (six dice of 6, doubled: 72)

_ROLL, _STOP = Decision("roll"), Decision("stop")
_Computer = CautiousPlayer | GreedyPlayer | OptimalPlayer


# -- words ------------------------------------------------------------------------------------------------------
def _points(n: int, unit: str = "point") -> str:
    """``n`` points (or other ``unit``) with the plural right: '1 point', '2 points'."""
    return f"{n} {unit}{'' if n == 1 else 's'}"


def _your_turn(name: str) -> str:
    """Whose turn, said to the pupil: 'Your turn' for the seat called You, else 'Anna, your turn'."""
    return "Your turn" if name.strip().lower() == "you" else f"{name}, your turn"


def _subject(name: str) -> tuple[str, str]:
    """(subject, verb ending) so that 'You stop' and 'Anna stops' both read right."""
    return ("You", "") if name.strip().lower() == "you" else (name, "s")


def _colour_list(colours: tuple[Colour, ...] | list[Colour]) -> str:
    """The colours' names in words: 'green', 'blue and red', 'blue, black and red'."""
    names = [c.title for c in colours]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _dice_words(turn: Turn) -> str:
    """The dice of the last roll with their faces: 'blue 3, yellow 1 and red 6'."""
    faces = [f"{c.title} {v}" for c, v in zip(COLOURS, turn.rolled, strict=True) if v is not None]
    return faces[0] if len(faces) == 1 else ", ".join(faces[:-1]) + " and " + faces[-1]


def _bust_words(turn: Turn) -> str:
    """What a bust means, with its score: the targets of the dice not placed (nothing in the gambler variant)."""
    head = "Bust: no die can go on the board, so the turn ends."
    if turn.gambler:
        return f"{head} In the gambler variant a bust scores nothing."
    left = [f"{t} ({c.title})" for c, t, v in zip(COLOURS, turn.targets, turn.placed, strict=True) if v is None]
    sum_text = f"{' + '.join(left)} = {_points(turn.score or 0)}" if len(left) > 1 else _points(turn.score or 0)
    return f"{head} A bust scores the targets of the dice not placed: {sum_text}."


def _plural_fix(text: str) -> str:
    """The engine's outcome with '1 points' said as '1 point'."""
    return re.sub(r"\b1 points\b", "1 point", text)


def _join_notes(notes: list[str]) -> str:
    """The computers' turns in one sentence; only the last few when many played at once."""
    if len(notes) > 3:
        notes = [f"the computers played {len(notes)} turns", *notes[-3:]]
    return sentence("; ".join(notes))


def _seat_kind(value: object) -> SeatKind:
    """``value`` as a seat kind (the dropdowns offer only :data:`SEAT_KINDS`)."""
    for kind in SEAT_KINDS:
        if kind == value:
            return kind
    raise InvalidArgumentError(f"a seat's kind is one of {', '.join(SEAT_KINDS)}", input=_check.short(value))


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The running asyncio event loop (a kernel, JupyterLite, a test's loop), or None in plain Python."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


# -- the coach ------------------------------------------------------------------------------------------------------
class DiceCoach:
    """The exact values of optimal play (:func:`~fifteen_kit.nasty15.policy.policy_for`) in the coach's words.

    Args:
        words: ``"average"`` ("points on average") or ``"expected"`` ("expected final score"), see
            :data:`COACH_WORDS`.
        ready: asked whether a policy can answer at once (the controller's solving ahead); None: always.

    Raises InvalidArgumentError for other words, or a ``ready`` that is not a function.

    >>> DiceCoach("expected").points(Fraction(687, 50))
    'expected final score 13.74'
    """

    def __init__(self, words: CoachWords = "average", ready: Callable[[OptimalPolicy], bool] | None = None) -> None:
        self.words: CoachWords = _check.choice(words, COACH_WORDS, "coach_words")
        if ready is not None and not callable(ready):
            raise InvalidArgumentError("ready is a function of a policy (or None)", input=_check.short(ready))
        self._ready = ready if ready is not None else (lambda _policy: True)

    def points(self, value: Fraction | int, verb: str = "") -> str:
        """``value`` (points) in the coach's words: '13.74 points on average' or 'expected final score 13.74'
        (after ``verb``: 'averages 13.74 points' / 'expects a final score of 13.74').

        Raises InvalidArgumentError unless ``value`` is a number of points (a Fraction or int, 0 to 1000) and
        ``verb`` text of at most 40 characters.

        >>> DiceCoach().points(Fraction(687, 50), "averages")
        'averages 13.74 points'
        """
        if isinstance(value, bool) or not isinstance(value, (Fraction, int)) or not 0 <= value <= _MAX_POINTS:
            raise InvalidArgumentError(f"value is a number of points (a Fraction) from 0 to {_MAX_POINTS}",
                                       input=_check.short(value))
        _check.text(verb, 40, "verb")
        number = f"{float(value):.2f}"
        if verb:
            if self.words == "average":
                return f"{verb} {number} points"
            return f"{'would expect' if verb.startswith('would') else 'expects'} a final score of {number}"
        return f"{number} points on average" if self.words == "average" else f"expected final score {number}"

    def reason(self, player: _Computer, turn: Turn, move: Decision) -> str:
        """Why the computer ``player`` makes ``move`` in ``turn``, in a few plain words.

        Raises InvalidArgumentError unless ``player`` is one of the engine's computer players, ``turn`` a Turn
        and ``move`` a Decision; the engine's errors for a decision its rules refuse.

        >>> DiceCoach().reason(GreedyPlayer(), Turn.parse("433221 ...... 666626 P"), Decision("place", ("G",)))
        'the greedy player places every die it can'
        """
        if not isinstance(player, (CautiousPlayer, GreedyPlayer, OptimalPlayer)):
            raise InvalidArgumentError("player is one of the engine's computer players", input=_check.short(player))
        if not isinstance(turn, Turn):
            raise InvalidArgumentError("turn is a Turn", input=_check.short(turn))
        if not isinstance(move, Decision):
            raise InvalidArgumentError("move is a Decision", input=_check.short(move))
        turn.play(move)  # the engine refuses a decision its rules refuse, in its own words
        if isinstance(player, CautiousPlayer):
            return ("the cautious player places every die it can" if move.action == "place"
                    else "the cautious player always stops as soon as it may")
        if isinstance(player, GreedyPlayer):
            return ("the greedy player places every die it can" if move.action == "place"
                    else "the greedy player always rolls on")
        policy = player.policy(turn)
        if move.action == "place":
            return f"the best choice: {self.points(policy.value(turn.play(move)))}"
        rolling = self.points(policy.roll_value(turn), "would average" if move.action == "stop" else "averages")
        stopping = f"stopping {'scores' if move.action == 'stop' else 'would score'} {turn.stop_score()}"
        return f"rolling on {rolling}, {stopping}"

    def verdict(self, before: Turn, after: Turn, action: Judged) -> str:
        """The coach's verdict on one decision: ``before`` is the turn just after a roll, ``after`` the turn when
        the player rolls on or stops (``action`` ``"roll"`` or ``"stop"``), or the turn with all six placed
        (``action`` ``"place"``).  It names the whole best action (which dice to place, then roll or stop), the
        player's, and which part of it cost points (the dice, or stopping/rolling on).

        Raises InvalidArgumentError for turns that are not Turns or an action not named here, and the engine's errors
        for turns that do not follow each other this way.

        >>> before = Turn.parse("433221 ...... 666626 P")
        >>> DiceCoach().verdict(before, before.place("G"), "stop").split(";")[0]
        'Coach: the best was: place green, then roll on (13.53 points on average)'
        """
        for name, turn in (("before", before), ("after", after)):
            if not isinstance(turn, Turn):
                raise InvalidArgumentError(f"{name} is a Turn", input=_check.short(turn))
        _check.choice(action, ("place", "roll", "stop"), "action")
        policy = policy_for(after.targets, after.gambler)
        mine = tuple(c for i, c in enumerate(COLOURS) if after.placed[i] is not None and before.placed[i] is None)
        if not mine or before.explain(Decision("place", mine)) is not None:
            raise InvalidArgumentError("after is not the turn before with dice of its roll placed",
                                       input=(before.notation(), after.notation()))
        if action == "place":
            if not after.is_over:
                raise InvalidArgumentError("'place' judges a turn with all six dice placed", input=after.notation())
            chosen = Fraction(after.score or 0)
        elif action == "stop":
            chosen = policy.stop_value(after)
        else:
            chosen = policy.roll_value(after)
        best = policy.advise(before).best
        best_text = self._action_words(policy, before, best.colours)
        cost = best.value - chosen
        if cost <= 0:
            return f"Coach: well played: {best_text} is the best choice ({self.points(best.value)})."
        same_dice = mine == best.colours
        done = {"stop": "stopped", "roll": "rolled on", "place": "ended the turn"}[action]
        yours = done if same_dice else f"placed {_colour_list(mine)}, then {done}"
        chosen_text = self.points(chosen) if action == "roll" else _points(int(chosen))  # a score: a whole number
        text = f"Coach: the best was: {best_text} ({self.points(best.value)}); you {yours} ({chosen_text})."
        deciding = {"stop": "stopping", "roll": "rolling on", "place": ""}[action]
        if same_dice:
            return (f"{text} Placing {_colour_list(mine)} was right; {deciding} cost {float(cost):.2f} points on "
                    "average.")
        best_mine = chosen if after.is_over else max(policy.stop_value(after), policy.roll_value(after))
        if best_mine == chosen:
            right = f" {deciding.capitalize()} was right for those dice;" if deciding else ""
            return (f"{text}{right} the dice you placed cost {float(cost):.2f} points on average: "
                    f"place {_colour_list(best.colours)}.")
        return (f"{text} Both the dice ({_colour_list(best.colours)} would be better) and {deciding} cost points: "
                f"{float(cost):.2f} points on average in all.")

    @staticmethod
    def _action_words(policy: OptimalPolicy, turn: Turn, colours: tuple[Colour, ...]) -> str:
        """'place green, then roll on' (or 'then stop', or 'place green: all six placed'): placing ``colours`` in
        ``turn`` and what optimal play does next."""
        placed = turn.place(colours)
        if placed.is_over:
            return f"place {_colour_list(colours)} (all six placed)"
        # a place choice's value is that of placing exactly these dice, then stopping or rolling on, whichever is
        # better (on a tie the engine's order: stop first)
        rolls = policy.roll_value(placed) > policy.stop_value(placed)
        return f"place {_colour_list(colours)}, then {'roll on' if rolls else 'stop'}"

    def advice(self, turn: Turn) -> str:
        """The coach's card for a human's live ``turn``: what the turn is worth, or each choice's value (best first).

        Raises InvalidArgumentError unless ``turn`` is a Turn, and the engine's errors for a turn that is over.

        >>> DiceCoach().advice(Turn.parse("433221 ...... 666626 P"))
        'Coach (points on average, with the best play after): place green, then roll on: 13.53.'
        """
        if not isinstance(turn, Turn):
            raise InvalidArgumentError("turn is a Turn", input=_check.short(turn))
        policy = policy_for(turn.targets, turn.gambler)
        if not self._ready(policy):
            return "Coach: working out the best play on this board, a moment…"
        if turn.phase is Phase.ROLL and turn.placed_count == 0:
            value = policy.roll_value(turn)
            if self.words == "average":
                return f"Coach: this turn is worth {float(value):.2f} points on average with the best play."
            return f"Coach: with optimal play this turn's expected final score is {float(value):.2f}."
        options = []
        for choice in policy.advise(turn).choices[:4]:
            if choice.action == "place":
                what = self._action_words(policy, turn, choice.colours)
            else:
                what = "stop" if choice.action == "stop" else "roll on"
            options.append(f"{what}: {float(choice.value):.2f}")
        head = ("Coach (points on average, with the best play after)" if self.words == "average"
                else "Coach (expected final score)")
        return f"{head}: {'; '.join(options)}."


def check_seats(seats: Iterable[tuple[str, SeatKind]]) -> list[tuple[str, SeatKind]]:
    """``seats`` as a list if they are 1 to 6 ``(name, kind)`` pairs with kinds from :data:`SEAT_KINDS`.

    (The names are the engine's to check, when the game is built.)  Raises InvalidArgumentError otherwise.

    >>> check_seats((("Ann", "human"),))
    [('Ann', 'human')]
    """
    checked = _check.items(seats, 6, "the seats")
    check_player_count(len(checked))
    for seat in checked:
        if not (isinstance(seat, tuple) and len(seat) == 2 and isinstance(seat[0], str)
                and isinstance(seat[1], str) and seat[1] in SEAT_KINDS):
            raise InvalidArgumentError(f"a seat is (name, kind) with kind one of {', '.join(SEAT_KINDS)}",
                                       input=seat)
    return checked


# -- worked examples -------------------------------------------------------------------------------------------------
class ExampleReplay:
    """A worked example of :data:`~fifteen_kit.nasty15.examples.WORKED_EXAMPLES` replayed step by step, on a
    one-board game of its player (the example's own turns: nothing is rolled).

    Args:
        key: ``"bust"``, ``"five dice"`` or ``"six dice"``.

    Raises InvalidArgumentError for another key.

    >>> replay = ExampleReplay("bust")
    >>> replay.prompt()
    "Press Next step to see Luke's first roll."
    >>> for _ in range(3):
    ...     _ = replay.step()
    >>> replay.done, replay.game.pad[-1].points
    (True, 8)
    """

    def __init__(self, key: str) -> None:
        self.example: WorkedExample = WORKED_EXAMPLES[_check.choice(key, WORKED_EXAMPLES, "the worked example")]
        board = self.example.board
        back = GoalBoard(tuple(p for p in board.targets if p[0] is not Colour.WHITE), back=True)
        #: The game the example is shown in: its player alone, on its board.
        self.game = Game([self.example.player], seed=0, boards=((board, back),), rounds=1)
        self.game.turn = self.example.turns()[0]
        #: How many of the example's steps are shown (0 before the first).
        self.shown = 0

    @property
    def done(self) -> bool:
        """True once every step is shown (the score is on the pad)."""
        return self.shown >= len(self.example.steps)

    def step(self) -> str | None:
        """Show the next step: the game's turn becomes the example's next, and its narration is returned (after
        the last step with the example's ending, the score written on the pad); None once every step is shown."""
        if self.done:
            return None
        n = self.shown
        self.shown = n + 1
        self.game.turn = self.example.turns()[n + 1]
        text = self.example.narration()[n]
        if self.done:
            self.game.next_turn()  # the score goes on the pad
            text += " " + self.example.ending()
        return text

    def prompt(self) -> str:
        """What to press now: Next step (for the first roll, or the next step), or New game at the end."""
        if self.shown == 0:
            return f"Press Next step to see {self.example.player}'s first roll."
        if not self.done:
            return "Press Next step."
        return "That is the whole example. Your own game is further down (Your turn); New game here plays for practice."


# -- solving ahead --------------------------------------------------------------------------------------------------
class SolvingAhead:
    """The optimal policies of a game solved ahead, on a running event loop, in short steps of an asyncio task.

    Args:
        current: the game being played now (a task stops once its game is no longer current).
        on_ready: called when the policies that :meth:`ready` had to refuse are all solved.

    Every policy the game can ask for is solved, the board in play first, so that no click waits for the
    solver.  Without an event loop nothing is solved ahead (:meth:`ready` always says yes: a policy is solved
    when it is first asked, one board in a few hundredths of a second).  Raises InvalidArgumentError unless
    both arguments are functions.

    >>> solving = SolvingAhead(lambda: None, lambda: None)
    >>> solving.ready(policy_for((4, 3, 3, 2, 2, 1)))  # no event loop runs here
    True
    """

    def __init__(self, current: Callable[[], object], on_ready: Callable[[], None]) -> None:
        for value, what in ((current, "current"), (on_ready, "on_ready")):
            if not callable(value):
                raise InvalidArgumentError(f"{what} is a function", input=_check.short(value))
        self._current = current
        self._on_ready = on_ready
        self._solver: asyncio.Task[None] | None = None
        self._waiting: list[OptimalPolicy] = []  # policies a computer or the coach waits for

    @staticmethod
    def _policies(game: Game) -> list[OptimalPolicy]:
        """The policies ``game`` can ask for, the board in play first."""
        targets = dict.fromkeys((game.turn.targets, *game.targets_in_play()))
        return [policy_for(t, game.gambler) for t in targets]

    def start(self, game: Game) -> None:
        """Stop solving for the last game and, on a running event loop, start solving ``game``'s policies.

        Raises InvalidArgumentError unless ``game`` is a Game.
        """
        if not isinstance(game, Game):
            raise InvalidArgumentError("game is a dice Game", input=_check.short(game))
        if self._solver is not None:
            self._solver.cancel()
            self._solver = None
        loop = _running_loop()
        if loop is not None:
            self._solver = loop.create_task(self._solve_ahead(game))

    async def _solve_ahead(self, game: Game) -> None:
        clock = time.perf_counter
        start = clock()
        for policy in self._policies(game):
            for _ in policy.solve_steps():
                if clock() - start >= _SOLVE_SLICE:
                    await asyncio.sleep(0)
                    start = clock()
                    if game is not self._current():
                        return
            if self._waiting and all(p.is_solved for p in self._waiting):
                self._waiting = []
                self._on_ready()
            if clock() - start >= _SOLVE_SLICE:
                await asyncio.sleep(0)
                start = clock()
                if game is not self._current():
                    return
        if game is self._current():
            self._solver = None
            if self._waiting:
                self._waiting = []
                self._on_ready()

    def ready(self, policy: OptimalPolicy) -> bool:
        """True if ``policy`` can answer at once; while solving ahead an unsolved one is waited for (``on_ready``
        says when), not solved here.  Raises InvalidArgumentError unless ``policy`` is an OptimalPolicy."""
        if not isinstance(policy, OptimalPolicy):
            raise InvalidArgumentError("policy is an OptimalPolicy", input=_check.short(policy))
        if policy.is_solved or _running_loop() is None or self._solver is None:
            return True
        if policy not in self._waiting:
            self._waiting.append(policy)
        return False


def _computer_step(game: Game, player: _Computer, coach: DiceCoach) -> str:
    """Play one move of ``player``, the computer whose turn is on in ``game`` (a roll, or its decision after one),
    and say it in words, with the coach's reason for a decision."""
    who, s = _subject(game.player)
    t = game.turn
    if t.phase is Phase.ROLL:
        t = game.roll()
        text = f"{who} roll{s} {_dice_words(t)}."
        if t.phase is Phase.BUST:
            text += " " + _bust_words(t)
        elif t.valid_colours():
            text += f" Low enough to place: {_colour_list(t.valid_colours())}."
        return text
    move = player.choose(t)
    reason = coach.reason(player, t, move)
    if move.action == "place":
        t = game.place(list(move.colours))
        text = f"{who} place{s} {_colour_list(move.colours)} ({reason})."
        if t.is_over:
            text += f" All six are placed: {t.pips} x 2 = {_points(t.score or 0)}."
        return text
    if move.action == "roll":
        game.turn = t.continue_rolling()
        return f"{who} roll{s} on: {reason}."
    game.stop()
    return f"{who} stop{s} with {_points(game.turn.score or 0)}: {reason}."


# -- the controller --------------------------------------------------------------------------------------------------
def _game_over_step(g: Game) -> str:
    """The message line's step at the end of the game ``g``: who won, with the scores, and how to play again."""
    totals = g.totals()
    winners = g.winners()
    scores = ", ".join(f"{p} {_points(totals[p])}" for p in g.players)
    if len(g.players) == 1:
        result = f"The game is over: {g.players[0]} scored {_points(totals[g.players[0]])}."
    elif len(winners) == 1:
        result = (f"The game is over: {winners[0]} "
                  f"{'win' if _subject(winners[0])[1] == '' else 'wins'} ({scores}).")
    else:
        result = f"The game is over: a tie between {' and '.join(winners)} ({scores})."
    return result + " Press New game to play again."


def _human_step(g: Game) -> str:
    """The message line's step when the human player of ``g`` acts: which button or die to press now."""
    t = g.turn
    if t.is_over:
        return "Press Next player" + _after_turn(g) + "."
    if t.phase is Phase.ROLL:
        if t.placed_count == 0:
            return f"{_your_turn(g.player)}: press Roll to roll the six dice."
        return "Press Roll for the rest, or Stop and score."
    if t.phase is Phase.PLACE:
        return "Click a ringed die to place it (at least one)."
    more = "place another ringed die, " if t.valid_colours() else ""
    return f"Now {more}press Roll for the rest, or Stop and score."


def _after_turn(g: Game) -> str:
    """What "Next player" leads to in ``g``: ' to pass the dice to Ann', ' for board 3', ' to finish the game'."""
    if len(g.pad) + 1 == g.rounds * len(g.players):
        return " to finish the game"
    if len(g.players) > 1:
        following = g.players[(g.player_index + 1) % len(g.players)]
        return f" to pass the dice to {following}"
    return f" for board {g.board_number + 1}"


class DiceController:
    """Turns, seats, computer players, worked examples, timers and the coach for one dice board (no drawing).

    Args:
        seats: ``(name, kind)`` pairs, 1 to 6 of them, kind ``'human'`` or a computer player (:data:`SEAT_KINDS`).
        boards: the goal boards to draw from, (base side, back side) pairs; None for the kit's set.
        handicap, gambler, backs_sum_to_15: the variants and the reading of the back sides (see
            :class:`~fifteen_kit.nasty15.game.Game`).
        seed: a whole number seeding the board draw and every roll, or None for a fresh game number each game.
        coach: the coach judges the humans' decisions (and the views show its card).
        computer_speed: how the computer's turns are shown (:data:`COMPUTER_SPEEDS`).
        coach_words: the coach's wording (:data:`COACH_WORDS`).

    The first game is built at once; :meth:`start` lets its computers play.  Every action acts through the
    engine, says what happened and what to do now (:attr:`message`) and calls ``on_change``.  Raises
    InvalidArgumentError (or the engine's errors) for bad arguments, before anything is kept.

    >>> c = DiceController([("Ann", "human"), ("Bot", "greedy")], seed=1)
    >>> c.computer_seats, c.kind("Bot")
    (('Bot',), 'greedy')
    """

    def __init__(self, seats: Iterable[tuple[str, SeatKind]],
                 boards: tuple[tuple[GoalBoard, GoalBoard], ...] | None = None, *, handicap: bool = False,
                 gambler: bool = False, backs_sum_to_15: bool = False, seed: int | None = 0, coach: bool = False,
                 computer_speed: ComputerSpeed = "instant", coach_words: CoachWords = "average") -> None:
        self._speed: ComputerSpeed = _check.choice(computer_speed, COMPUTER_SPEEDS, "computer_speed")
        self._coach = DiceCoach(coach_words, self._ready)
        seats = check_seats(seats)
        self._coach_on = _check.flag(coach, "coach")
        pool = default_boards() if boards is None else check_board_pairs(boards, "boards", backs_sum_to_15)
        if seed is not None:
            _check.whole(seed, 0, MAX_SEED, "seed (or None for a fresh random game)")
        self.seed = seed
        #: Called after every change the views must draw; ``on_message`` when only the message line changed;
        #: ``on_tumble`` with the faces (0..5) of the tumbling dice in each frame of a roll's animation;
        #: ``on_new_game`` when :meth:`new_game` has its new game, before the first redraw.
        self.on_change: Callable[[], None] | None = None
        self.on_message: Callable[[], None] | None = None
        self.on_tumble: Callable[[dict[Colour, int]], None] | None = None
        self.on_new_game: Callable[[], None] | None = None
        self._replay: ExampleReplay | None = None  # the worked example shown (None: a game)
        self._watcher: asyncio.Task[None] | None = None  # the timer that shows the computer's moves
        self._animation = make_rng(seed)  # only for the rolling animation; the game has its own generator
        self._animation.random()
        self._rolling = False
        self._solving = SolvingAhead(lambda: self.game, self._solved)
        self._before_decision: Turn | None = None  # the turn just after the roll, for the coach's verdict
        self.message = ""  # the message line (plain text): what happened, then what to do now
        self.verdict = ""  # the coach's verdict on the human's last decision (plain text; '' for none)
        self._kinds: dict[str, SeatKind] = {}
        self._computers: dict[str, _Computer] = {}
        self.game = self._make_game(seats, pool, handicap, gambler, backs_sum_to_15)

    def _ready(self, policy: OptimalPolicy) -> bool:
        return self._solving.ready(policy)

    def _make_game(self, seats: list[tuple[str, SeatKind]], pool: tuple[tuple[GoalBoard, GoalBoard], ...],
                   handicap: bool, gambler: bool, backs_sum_to_15: bool, kept: Mapping[str, Any] | None = None,
                   seed: int | None = None) -> Game:
        # a new game, or (``kept``) game number ``seed`` as kept earlier, checked in full before anything changes
        seed = seed if seed is not None else self.seed if self.seed is not None else secrets.randbelow(10**9)
        game = Game([n for n, _ in seats], seed=seed, handicap=handicap, gambler=gambler, boards=pool,
                    rounds=min(10, len(pool)), backs_sum_to_15=backs_sum_to_15)
        if kept is not None:
            game.restore(kept)
        # only once the game exists do the seats change hands
        self._kinds = {name: kind for name, kind in seats}
        self._computers = {name: make_player(kind, seed=seed) for name, kind in seats if kind != "human"}
        #: the seed of the game being played (drawn at random when the board's seed is None)
        self.game_seed = seed
        return game

    # -- what the views read --------------------------------------------------------------------------------
    @property
    def rolling(self) -> bool:
        """Whether a roll is on the table and its dice are still tumbling (the board waits for them)."""
        return self._rolling

    @property
    def example(self) -> WorkedExample | None:
        """The worked example being shown (:meth:`show_example`), or None during a game."""
        return None if self._replay is None else self._replay.example

    @property
    def example_shown(self) -> int:
        """How many steps of the worked example are shown (0 before the first)."""
        return 0 if self._replay is None else self._replay.shown

    @property
    def computer_seats(self) -> tuple[str, ...]:
        """The names of the seats the computer plays in the current game, in seat order."""
        return tuple(self._computers)

    @property
    def coach_words(self) -> CoachWords:
        """How the coach says its numbers (:data:`COACH_WORDS`)."""
        return self._coach.words

    def kind(self, name: str) -> SeatKind:
        """Who plays the seat ``name`` of the current game: ``'human'`` or a computer player's name.

        Raises InvalidArgumentError unless ``name`` is a player of the current game.
        """
        if not isinstance(name, str) or name not in self._kinds:
            raise InvalidArgumentError(f"no such seat; the seats are {', '.join(self._kinds)}",
                                       input=_check.short(name))
        return self._kinds[name]

    @property
    def human_to_act(self) -> bool:
        """True if a human seat plays now (a game on, no worked example): Roll, Stop and the dice are theirs."""
        return not self.game.is_over and self.game.player not in self._computers and self._replay is None

    @property
    def watched(self) -> bool:
        """True while a computer seat's turn is shown move by move (any speed but instant)."""
        return not self.game.is_over and self.game.player in self._computers and self._speed != "instant"

    @property
    def can_step(self) -> bool:
        """True if Next step has something to show: a watched computer move, or the worked example's next step."""
        return self.watched or (self._replay is not None and not self._replay.done)

    @property
    def may_roll(self) -> bool:
        """True if the human to act may roll now (the engine allows it and no dice are tumbling)."""
        return self.human_to_act and not self._rolling and self.game.turn.explain(_ROLL) is None

    @property
    def may_stop(self) -> bool:
        """True if the human to act may stop and score now (the engine allows it and no dice are tumbling)."""
        return self.human_to_act and not self._rolling and self.game.turn.explain(_STOP) is None

    @property
    def coach(self) -> bool:
        """True while the coach is on; turning it off clears its verdict."""
        return self._coach_on

    @coach.setter
    def coach(self, value: bool) -> None:
        """Turn the coach on or off (raises InvalidArgumentError unless ``value`` is True or False)."""
        self._coach_on = _check.flag(value, "coach")
        if not value:
            self.verdict = ""

    def coach_text(self) -> str:
        """The coach's card for the human to act ('' with the coach off, between turns, for a computer or an
        example): see :meth:`DiceCoach.advice`.

        >>> DiceController([("You", "human")], seed=1, coach=True).coach_text()
        'Coach: this turn is worth 11.28 points on average with the best play.'
        """
        t = self.game.turn
        if not self._coach_on or not self.human_to_act or t.is_over:
            return ""
        return self._coach.advice(t)

    def verdict_text(self, before: Turn, after: Turn, action: Judged) -> str:
        """The coach's verdict on one decision in this game's words: see :meth:`DiceCoach.verdict`."""
        return self._coach.verdict(before, after, action)

    # -- the message line ------------------------------------------------------------------------------------
    def say(self, text: str) -> None:
        """Show ``text`` followed by what to do now (so the message line always says it): sets :attr:`message`
        and calls ``on_message``.

        Raises InvalidArgumentError unless ``text`` is text (of at most 1,000,000 characters).
        """
        _check.text(text, _SAY_TEXT, "text")
        self.message = " ".join(part for part in (text, self.next_step()) if part)
        if self.on_message is not None:
            self.on_message()

    def changed(self) -> None:
        """Tell the views to redraw (``on_change``)."""
        if self.on_change is not None:
            self.on_change()

    def next_step(self) -> str:
        """What to do now, in one or two sentences for the message line (the game's end: who won, with the
        scores, and which button starts a new game).

        >>> DiceController([("You", "human")], seed=1).next_step()
        'Your turn: press Roll to roll the six dice.'
        """
        g, t = self.game, self.game.turn
        if self._replay is not None:
            return self._replay.prompt()
        if g.is_over:
            return _game_over_step(g)
        if self._rolling:
            return "The dice are still rolling: wait for them to land."
        if g.player in self._computers:
            if self._speed == "step":
                if t.is_over:
                    return f"Press Next step to write {g.player}'s score on the pad."
                return f"Press Next step to see {g.player}'s {'first' if t.rolled == (None,) * 6 else 'next'} move."
            if self._watching():
                return f"Wait for {g.player}'s next move, or press Next step."
            return f"{g.player} is thinking…"
        return _human_step(g)

    # -- games and worked examples -------------------------------------------------------------------------------
    def start(self) -> None:
        """Let the computers of the game play (the first game, once the views are wired) and redraw."""
        self.say("")
        self._start()
        self.changed()

    def new_game(self, seats: Iterable[tuple[str, SeatKind]], boards: tuple[tuple[GoalBoard, GoalBoard], ...],
                 *, handicap: bool = False, gambler: bool = False, backs_sum_to_15: bool = False,
                 kept: Mapping[str, Any] | None = None, seed: int | None = None) -> bool:
        """End the game in progress and start a new one with ``seats`` on ``boards`` (as for the constructor), or go
        on with game number ``seed`` as it was ``kept`` (a :meth:`~fifteen_kit.nasty15.game.Game.snapshot`).

        Returns True if it started; while dice are rolling, or when the engine refuses a setting, only the message
        line changes (False).  Raises InvalidArgumentError for seats, flags, boards or a seed that are not such,
        or a kept game that does not fit (then nothing changes)."""
        seats = check_seats(seats)
        for value, what in ((handicap, "handicap"), (gambler, "gambler"), (backs_sum_to_15, "backs_sum_to_15")):
            _check.flag(value, what)
        if seed is not None:
            _check.whole(seed, 0, MAX_SEED, "seed (the number of the kept game)")
        pool = check_board_pairs(boards, "boards", backs_sum_to_15)
        if self._rolling:
            self.say("")
            return False
        try:
            game = self._make_game(seats, pool, handicap, gambler, backs_sum_to_15, kept, seed)
        except FifteenKitError as err:
            if kept is not None:
                raise
            self.say(f"Cannot start: {err.message}.")
            return False
        if self.on_new_game is not None:
            self.on_new_game()
        self._stop_watching()
        self._replay = None
        self.game = game
        self._before_decision = None
        self.verdict = ""
        self.say("New game." if kept is None else f"Your game is back: board {game.board_number} of {game.rounds}.")
        self._start()
        self.changed()
        return True

    def show_example(self, key: str) -> None:
        """Show the worked example ``key`` of :data:`~fifteen_kit.nasty15.examples.WORKED_EXAMPLES` (``"bust"``,
        ``"five dice"`` or ``"six dice"``): its goal board and player; :meth:`next_move` plays each step.

        Raises InvalidArgumentError for another key.
        """
        replay = ExampleReplay(key)
        self._stop_watching()
        self.game = replay.game
        self._kinds = {replay.example.player: "human"}
        self._computers = {}
        self._replay = replay
        self._before_decision = None
        self.verdict = ""
        self.say(f"Worked example: {replay.example.title}. {replay.example.start}")
        self.changed()

    # -- the computer's moves, shown one at a time ----------------------------------------------------------------
    @property
    def computer_speed(self) -> ComputerSpeed:
        """How the computer's turns are shown (:data:`COMPUTER_SPEEDS`); settable: a turn in progress goes on at
        the new speed.  Raises InvalidArgumentError for another value."""
        return self._speed

    @computer_speed.setter
    def computer_speed(self, value: ComputerSpeed) -> None:
        """Show the computer's turns at ``value`` from now on, and redraw."""
        speed = _check.choice(value, COMPUTER_SPEEDS, "computer_speed")
        if speed == self._speed:
            return
        self._speed = speed
        self._stop_watching()
        self._play_computers()
        self.changed()

    def next_move(self) -> None:
        """The "Next step" button: the next step of a worked example, or the next move of the computer's turn
        (at the speeds other than instant); otherwise the message line says what to do."""
        if self._replay is not None:
            text = self._replay.step()
            self.say(text or "")
            if text is not None:
                self.changed()
            return
        g = self.game
        if g.is_over or g.player not in self._computers or self._rolling:
            self.say("")
            return
        self._stop_watching()
        self._computer_move()
        if self._speed in _DELAY:
            self._watch()

    def _watching(self) -> bool:
        """Whether the computer's moves are shown one at a time now (step, or a timed speed on an event loop)."""
        return self._speed == "step" or (self._speed in _DELAY and _running_loop() is not None)

    def _stop_watching(self) -> None:
        if self._watcher is not None:
            self._watcher.cancel()
            self._watcher = None

    def _watch(self) -> None:
        """Start the timer that shows the computer's moves (slow or fast speed, on a running event loop)."""
        loop = _running_loop()
        g = self.game
        if loop is None or self._speed not in _DELAY or g.is_over or g.player not in self._computers:
            return
        self._stop_watching()
        self._watcher = loop.create_task(self._watch_moves(g))

    async def _watch_moves(self, game: Game) -> None:
        while self._speed in _DELAY and game is self.game and not game.is_over and game.player in self._computers:
            await asyncio.sleep(_DELAY[self._speed])
            if self._speed not in _DELAY or game is not self.game:
                return
            if not self._computer_move():
                break  # waiting for the solver: it calls _play_computers when ready
        if game is self.game:
            self._watcher = None

    def _computer_move(self) -> bool:
        """Play one move of the computer whose turn it is and say it (with its reason); False if it must wait."""
        g = self.game
        name = g.player
        player = self._computers[name]
        t = g.turn
        if not t.is_over and isinstance(player, OptimalPlayer) and not self._ready(player.policy(t)):
            self.say(f"{name} is thinking (working out the best play on this board)…")
            self.changed()
            return False
        if t.is_over:
            g.next_turn()
            self.verdict = ""
            text = f"{name}'s {_points(t.score or 0)} go on the score pad."
        else:
            text = _computer_step(g, player, self._coach)
        self.say(text)
        self.changed()
        return True

    def _play_computers(self) -> None:
        """Let the computer seats play: whole turns at once (instant speed), or their first move is announced
        and shown move by move (Next step, or the timer of the slow and fast speeds)."""
        g = self.game
        if self._replay is not None or g.is_over or g.player not in self._computers:
            return
        if self._watching():
            self.say(f"{g.player}'s turn.")
            self._watch()
            return
        notes = []
        while not g.is_over and g.player in self._computers:
            player = self._computers[g.player]
            if not g.turn.is_over:
                if isinstance(player, OptimalPlayer) and not self._ready(player.policy(g.turn)):
                    break
                g.play_turn(player)
            notes.append(f"{g.player} scored {_points(g.turn.score or 0)} on board {g.board_number}")
            g.next_turn()
        if notes:
            self.say(_join_notes(notes))

    def _start(self) -> None:
        """Let the computers of a new game play, its policies solved ahead on a running event loop (see
        :class:`SolvingAhead`)."""
        self._solving.start(self.game)
        self._play_computers()

    def _solved(self) -> None:
        # the policies a computer or the coach waited for are solved: they go on
        self._play_computers()
        self.changed()

    # -- the human's actions -----------------------------------------------------------------------------------------
    def _human_turn(self) -> bool:
        g = self.game
        if self._replay is not None:
            self.say("This is a worked example: it shows a turn of the rules.")
            return False
        if g.is_over:
            self.say("")
            return False
        if self._rolling:
            self.say("")
            return False
        if g.player in self._computers:
            self.say(f"It is {g.player}'s turn.")
            return False
        return True

    def roll(self) -> None:
        """The human player rolls the unplaced dice (a short animation of ``on_tumble`` frames when an event loop
        runs; the roll lands at once without one)."""
        if not self._human_turn():
            return
        problem = self.game.turn.explain(_ROLL)  # the engine says whether a roll is allowed now
        if problem is not None:
            self.say(sentence(problem))
            return
        self._judge("roll")
        loop = _running_loop()
        if loop is None:
            self._land_roll()
        else:
            self._rolling = True
            self.say("")
            self.changed()
            loop.create_task(self._animate(self.game))

    async def _animate(self, game: Game) -> None:
        try:
            for _ in range(7):
                faces = {c: self._animation.randrange(6) for c in game.turn.unplaced}
                if self.on_tumble is not None:
                    self.on_tumble(faces)
                await asyncio.sleep(0.07)
        finally:
            self._rolling = False
            if game is self.game and not game.is_over and not game.turn.is_over:
                self._land_roll()

    def _land_roll(self) -> None:
        if self.game.is_over or self.game.turn.is_over:
            return
        turn = self.game.roll()
        self._before_decision = turn
        self.say(_bust_words(turn) if turn.phase is Phase.BUST else "")  # a bust says so, and what to press
        self.changed()

    def place(self, colour: Colour | str) -> None:
        """The human places this die (the engine refuses it unless it is valid in the current roll).

        ``colour``: a :class:`Colour` or its letter or name.  Raises NotationError for anything else.
        """
        colour = Colour.parse(colour)
        if not self._human_turn():
            return
        try:
            self.game.place(colour)
        except FifteenKitError as err:
            self.say(sentence(err.message))
            return
        outcome = self.game.turn.outcome()
        if outcome is not None:  # all six placed
            self._judge("place")
            self.say(sentence(_plural_fix(outcome)))
        else:
            self.say(f"{colour.title.capitalize()} placed.")
        self.changed()

    def stop(self) -> None:
        """The human stops and scores (the engine refuses it before a die of this roll is placed)."""
        if not self._human_turn():
            return
        problem = self.game.turn.explain(_STOP)  # the engine says whether stopping is allowed now
        if problem is not None:
            self.say(sentence(problem))
            return
        self._judge("stop")
        self.game.stop()
        who, s = _subject(self.game.player)
        self.say(f"{who} stop{s} with {_points(self.game.turn.score or 0)}.")
        self.changed()

    def next_turn(self) -> None:
        """Write the finished turn on the score pad and let the next player (or computers) play."""
        g = self.game
        if g.is_over or self._replay is not None or g.player in self._computers:
            self.say("")
            return
        try:
            g.next_turn()
        except FifteenKitError as err:  # the turn is still on: the engine says so
            self.say(sentence(err.message))
            return
        self._before_decision = None
        self.verdict = ""
        self.say("")
        self._play_computers()
        self.changed()

    def _judge(self, action: Judged) -> None:
        """After the fact: compare the human's whole decision after a roll (the dice placed, then roll on or stop)
        with optimal play, and name the mistake if it cost points (see :meth:`DiceCoach.verdict`)."""
        before, t = self._before_decision, self.game.turn
        if before is None or not self._coach_on or before.is_over:
            return
        self._before_decision = None
        if not self._ready(policy_for(t.targets, t.gambler)):
            self.verdict = "Coach: still working out this board; no verdict this time."
            return
        self.verdict = self._coach.verdict(before, t, action)
