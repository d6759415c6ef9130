"""Worked examples of the "15" dice game: whole turns written as data and replayed by the engine.

Each :class:`WorkedExample` is one player's turn on one goal board: the rolls (with the faces given), the dice
placed and the decision to stop, one :class:`Step` at a time, with a plain-words sentence for each step.  The
engine plays the steps (:meth:`WorkedExample.turns`), so every score the sentences say is computed, never typed:
a sentence is a template whose ``{fields}`` are filled from the turn after its step (see :meth:`Step.facts`).

:data:`WORKED_EXAMPLES` holds the three examples of the game's rules:

* ``"bust"``: Luke has four dice on the board worth 5 points, rolls on and busts, and the bust scores more than
  stopping would have (the targets of the two dice he could not place);
* ``"five dice"``: Nina places five dice over four rolls and stops: their points plus a bonus of 5;
* ``"six dice"``: Nina rolls on for the sixth die instead, places it, and all six score double (a green above
  its target would have been a bust that scores only the green target).

The dice board replays them step by step (``DiceBoard.from_example``).

>>> ex = WORKED_EXAMPLES["bust"]
>>> ex.player, ex.board.notation(), ex.score
('Luke', 'B1 Y3 K2 W2 G2 R5', 8)
>>> [WORKED_EXAMPLES[k].score for k in ("five dice", "six dice")]
[15, 24]
>>> ex.narration()[-1].split(". ")[:2]
['He rolls the last two dice: yellow 5 and red 6', 'But yellow may show at most 3 and red at most 5, so neither can go \
on the board: that is a bust, and the turn ends at once.']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .. import _check
from ..errors import InvalidArgumentError
from .boards import COLOURS, Colour, GoalBoard
from .rules import Phase, Turn

__all__ = ["WORKED_EXAMPLES", "Step", "StepKind", "WorkedExample"]

#: What happens in a step: a roll with given faces, placing some dice, or stopping.
StepKind = Literal["roll", "place", "stop"]

_KINDS: tuple[StepKind, ...] = ("roll", "place", "stop")


def _turn(value: object, what: str) -> Turn:
    """``value`` if it is a Turn, else InvalidArgumentError naming ``what``."""
    if not isinstance(value, Turn):
        raise InvalidArgumentError(f"{what} is a Turn", input=_check.short(value))
    return value


def _and(words: list[str]) -> str:
    """'a', 'a and b', 'a, b and c' ('none' for an empty list)."""
    if not words:
        return "none"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


@dataclass(frozen=True)
class Step:
    """One step of a worked example.

    Attributes:
        kind: ``"roll"``, ``"place"`` or ``"stop"`` (a :data:`StepKind`).
        faces: for a roll, the face of each die in colour order (blue yellow black white green red), None for a
            die already placed; empty otherwise.
        colours: for ``"place"``, the dice placed (colours or their letters); empty otherwise.
        words: what happens, in plain words: a template filled with :meth:`facts` (``{pips}``, ``{score}`` ...).

    Raises InvalidArgumentError for a kind that is not a step, faces or colours with the wrong kind, or words
    that are not text.

    >>> Step("place", colours=(Colour.BLACK, Colour.BLUE), words="She places {placed}.").colours
    (<Colour.BLUE: 'B'>, <Colour.BLACK: 'K'>)
    """

    kind: StepKind
    faces: tuple[int | None, ...] = ()
    colours: tuple[Colour, ...] = ()
    words: str = ""

    def __post_init__(self) -> None:
        _check.choice(self.kind, _KINDS, "a step's kind")
        faces = _check.items(self.faces, 6, "a roll's faces")
        colours = _check.items(self.colours, 6, "the colours placed")
        if (self.kind == "roll") != bool(faces) or (self.kind == "place") != bool(colours):
            raise InvalidArgumentError("a roll step gives the faces (six, None for placed dice), a place step the "
                                       "colours, a stop step neither", input=(self.kind, self.faces, self.colours))
        _check.text(self.words, 1000, "a step's words")
        object.__setattr__(self, "faces", tuple(faces))
        object.__setattr__(self, "colours", tuple(sorted((Colour.parse(c) for c in colours), key=COLOURS.index)))

    def apply(self, turn: Turn) -> Turn:
        """The turn after this step (the engine's rules: raises its errors for a step they refuse).

        >>> t = Step("roll", faces=(5, 4, 4, 3, 3, 2)).apply(Turn.start((4, 3, 3, 2, 2, 1)))
        >>> t.phase, t.score
        (<Phase.BUST: 'B'>, 15)
        """
        _turn(turn, "the turn a step is applied to")
        if self.kind == "roll":
            return turn.roll_with(self.faces)
        if self.kind == "place":
            return turn.place(self.colours)
        return turn.stop()

    @staticmethod
    def facts(before: Turn, after: Turn) -> dict[str, str]:
        """The fields a step's words may use, from the turns before and after it (all text):

        * ``rolled``: the dice of this roll with their faces, 'yellow 5 and red 6';
        * ``valid`` / ``too_high``: the colours of this roll that may / may not go on the board;
        * ``placed``: the dice placed in this step with their faces, 'black 5 and blue 1';
        * ``limits``: each die of this roll that is too high with its target,
          'yellow may show at most 3 and red at most 5';
        * ``count``, ``pips``: how many dice are placed after the step and their points (the dots on them);
        * ``before_pips``, ``before_stop``: the points placed before the step, and what stopping then scored;
        * ``stop``: what stopping after the step scores; ``bust``: what a bust after it would score (the
          targets of the dice not placed), ``left``: those targets as a sum, '3 (yellow) + 5 (red)';
        * ``score``: the turn's score once it is over (else empty);
        * ``target_B`` ... ``target_R``: each colour's target.

        >>> t = Turn.start((1, 3, 2, 2, 2, 5))
        >>> Step.facts(t, t.roll_with((1, 6, 1, 1, 2, 6)))["too_high"]
        'yellow and red'
        """
        _turn(before, "before")
        _turn(after, "after")
        rolled = [c for c in before.unplaced if after.rolled[COLOURS.index(c)] is not None and after.phase
                  is not Phase.ROLL] if after.rolled != before.rolled else []
        placed_now = [c for c in COLOURS if after.placed[COLOURS.index(c)] is not None
                      and before.placed[COLOURS.index(c)] is None]
        valid = after.valid_colours() if rolled else ()
        too_high = [c for c in rolled if c not in valid]

        def face(c: Colour, values: tuple[int | None, ...]) -> str:
            return f"{c.title} {values[COLOURS.index(c)]}"

        left = [(c, after.targets[i]) for i, c in enumerate(COLOURS) if after.placed[i] is None]
        out = {
            "rolled": _and([face(c, after.rolled) for c in rolled]),
            "valid": _and([c.title for c in valid]),
            "too_high": _and([c.title for c in too_high]),
            "limits": _and([f"{c.title}{' may show' if n == 0 else ''} at most {after.targets[COLOURS.index(c)]}"
                            for n, c in enumerate(too_high)]),
            "placed": _and([face(c, after.placed) for c in placed_now]),
            "count": str(after.placed_count),
            "pips": str(after.pips),
            "before_pips": str(before.pips),
            "before_stop": str(before.stop_score()) if before.placed_count and not before.is_over else "",
            "stop": str(after.stop_score()) if after.placed_count and not after.is_over else "",
            "bust": str(after.bust_score()),
            "left": " + ".join(f"{t} ({c.title})" for c, t in left) if left else "0",
            "score": "" if after.score is None else str(after.score),
        }
        out.update({f"target_{c.value}": str(after.targets[i]) for i, c in enumerate(COLOURS)})
        return out


@dataclass(frozen=True)
class WorkedExample:
    """One player's whole turn on one goal board, step by step, replayed by the engine.

    Attributes:
        key: the example's name in :data:`WORKED_EXAMPLES`.
        title: a short heading.
        player: who plays the turn.
        board: the goal board (a base side: six targets summing to 15).
        steps: the :class:`Step` values, in order; the last one ends the turn.
        start: the plain-words introduction, shown before the first step.
        moral: what the example shows, said after the last step (a template like a step's words, filled from
            the final turn, plus ``{score}``).

    The steps are played on creation: raises InvalidArgumentError if the turn does not end exactly with the
    last step, and the engine's errors for a step the rules refuse.

    >>> ex = WORKED_EXAMPLES["five dice"]
    >>> len(ex.steps), ex.final.phase, ex.score
    (9, <Phase.STOPPED: 'S'>, 15)
    """

    key: str
    title: str
    player: str
    board: GoalBoard
    steps: tuple[Step, ...]
    start: str
    moral: str
    _turns: tuple[Turn, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for name in ("key", "title", "player"):
            _check.text(getattr(self, name), 60, f"a worked example's {name}", empty=False)
        _check.text(self.start, 1000, "a worked example's start")
        _check.text(self.moral, 1000, "a worked example's moral")
        if not isinstance(self.board, GoalBoard) or self.board.back:
            raise InvalidArgumentError("a worked example's board is a base side GoalBoard", input=self.board)
        steps = _check.items(self.steps, 40, "a worked example's steps")
        if not steps or not all(isinstance(s, Step) for s in steps):
            raise InvalidArgumentError("a worked example has one or more Step values", input=self.steps)
        turn = Turn.start(self.board)
        turns = [turn]
        for number, step in enumerate(steps, start=1):
            if turn.is_over:
                raise InvalidArgumentError(f"step {number} comes after the turn ended", input=step)
            turn = step.apply(turn)
            turns.append(turn)
        if not turn.is_over:
            raise InvalidArgumentError("the last step must end the turn (stop, a bust or all six placed)",
                                       input=turn.notation())
        object.__setattr__(self, "steps", tuple(steps))
        object.__setattr__(self, "_turns", tuple(turns))
        self.narration()  # every template fills
        self.ending()

    @property
    def targets(self) -> tuple[int, ...]:
        """The six targets in colour order (blue yellow black white green red)."""
        return tuple(t for _, t in self.board.targets)

    def turns(self) -> tuple[Turn, ...]:
        """The turn at the start and after each step (one more than the steps), as the engine plays them.

        >>> [t.notation() for t in WORKED_EXAMPLES["bust"].turns()][-1]
        '132225 1.112. .5...6 B'
        """
        return self._turns

    @property
    def final(self) -> Turn:
        """The turn after the last step (over)."""
        return self._turns[-1]

    @property
    def score(self) -> int:
        """The turn's score, computed by the engine."""
        score = self.final.score
        assert score is not None  # checked on creation: the last step ends the turn
        return score

    def narration(self) -> tuple[str, ...]:
        """Each step's words with the engine's numbers filled in.

        >>> print(WORKED_EXAMPLES["five dice"].narration()[-1])
        Nina stops. Her five dice add up to 10 points, and placing exactly five dice earns a bonus of 5: \
10 + 5 = 15 points.
        """
        turns = self._turns
        return tuple(step.words.format(**Step.facts(turns[i], turns[i + 1])) for i, step in enumerate(self.steps))

    def ending(self) -> str:
        """What the example shows, with the engine's numbers filled in (said after the last step).

        >>> WORKED_EXAMPLES["bust"].ending().startswith("Luke scores 8 points")
        True
        """
        facts = Step.facts(self._turns[-2], self._turns[-1])
        facts.update(self._extra())
        return self.moral.format(**facts)

    def _extra(self) -> dict[str, str]:
        """Numbers about the road not taken: what stopping before the last roll, or a bust on it, would score."""
        turns = self._turns
        last_roll = max(i for i, s in enumerate(self.steps) if s.kind == "roll")
        before = turns[last_roll]  # the turn just before the last roll
        return {"stop_before": str(before.stop_score()) if before.placed_count else "0",
                "bust_before": str(before.bust_score())}


def _dice(letters: str) -> tuple[Colour, ...]:
    """The colours named by their letters, 'K B' -> black and blue."""
    return tuple(Colour.parse(letter) for letter in letters.split())


def _luke() -> WorkedExample:
    # four dice on the board worth 5 points; then red 6 and yellow 5: a bust that scores 5 + 3 = 8
    return WorkedExample(
        key="bust", title="A bust that pays", player="Luke", board=GoalBoard.parse("B1 Y3 K2 W2 G2 R5", name="Luke"),
        start=("Luke's goal board shows a target for each colour: a die may go on the board only if it shows its "
               "target or less. A placed die scores its pips, the dots on its face, one point each."),
        steps=(
            Step("roll", faces=(1, 6, 1, 1, 2, 6),
                 words="Luke rolls all six dice: {rolled}. Of these, {valid} are low enough to go on the board; "
                       "{too_high} are too high ({limits})."),
            Step("place", colours=_dice("B K W G"),
                 words="He places four dice: {placed}. They add up to {pips} points, so stopping now would score "
                       "{stop}. He decides to roll the other two dice."),
            Step("roll", faces=(None, 5, None, None, None, 6),
                 words="He rolls the last two dice: {rolled}. But {limits}, so neither can go on the board: that "
                       "is a bust, and the turn ends at once."),
        ),
        moral=("Luke scores {score} points. After a bust the dice on the board do not count; instead the player "
               "scores the targets of the dice NOT placed: {left} = {score} points. Stopping before the last roll "
               "would have scored only {stop_before}, so this bust paid more."),
    )


_NINA_START = ("Nina's goal board shows a target for each colour: a die may go on the board only if it shows its "
               "target or less. A placed die scores its pips, the dots on its face, one point each.")


def _nina_steps() -> tuple[Step, ...]:
    # red 1, yellow 1, white 2, then black 5 and blue 1: five dice worth 10
    return (
        Step("roll", faces=(6, 6, 6, 6, 6, 1),
             words="Nina rolls all six dice: {rolled}. Only red is low enough: it may show at most {target_R}."),
        Step("place", colours=_dice("R"), words="She must place at least one die, so she places {placed}. "
                                            "She rolls the other five."),
        Step("roll", faces=(6, 1, 6, 6, 6, None),
             words="Second roll: {rolled}. Only {valid} can go on the board."),
        Step("place", colours=_dice("Y"), words="She places {placed}. She has two dice worth {pips} points, "
                                            "and rolls the other four."),
        Step("roll", faces=(6, None, 6, 2, 6, None),
             words="Third roll: {rolled}. Only {valid} can go on the board."),
        Step("place", colours=_dice("W"), words="She places {placed}: three dice worth {pips} points. "
                                            "She rolls the last three."),
        Step("roll", faces=(1, None, 5, None, 6, None),
             words="Fourth roll: {rolled}. Blue and black are low enough; green may show at most {target_G}."),
        Step("place", colours=_dice("K B"),
             words="She places both: {placed}. Now five dice are on the board, worth {pips} points."),
    )


def _nina_five() -> WorkedExample:
    return WorkedExample(
        key="five dice", title="Five dice: a bonus of 5", player="Nina",
        board=GoalBoard.parse("B2 Y2 K5 W2 G3 R1", name="Nina"), start=_NINA_START,
        steps=(*_nina_steps(),
               Step("stop", words="Nina stops. Her five dice add up to {pips} points, and placing exactly five dice "
                                  "earns a bonus of 5: {pips} + 5 = {score} points.")),
        moral="Nina scores {score} points: the {pips} points of her five dice plus the bonus of 5.",
    )


def _nina_six() -> WorkedExample:
    return WorkedExample(
        key="six dice", title="Six dice: double points", player="Nina",
        board=GoalBoard.parse("B2 Y2 K5 W2 G3 R1", name="Nina"), start=_NINA_START,
        steps=(*_nina_steps(),
               Step("roll", faces=(None, None, None, None, 2, None),
                    words="Stopping now would score {before_pips} + 5 = {before_stop}, but Nina rolls the last die, "
                          "green. It needs {target_G} or less, else it is a bust. It shows {rolled}: low enough!"),
               Step("place", colours=_dice("G"),
                    words="She places {placed}. All six dice are on the board: the turn ends, and with all six "
                          "the points count double: {pips} x 2 = {score} points.")),
        moral=("Nina scores {score} points instead of {stop_before}. It was a risk: a green above {target_G} would "
               "have been a bust, and a bust scores only the targets of the dice not placed, here green's "
               "{bust_before} points."),
    )


#: The three worked examples of the rules, by key: ``"bust"``, ``"five dice"`` and ``"six dice"``.
WORKED_EXAMPLES: dict[str, WorkedExample] = {ex.key: ex for ex in (_luke(), _nina_five(), _nina_six())}
