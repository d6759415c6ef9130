"""The Game of 15 board's controller: the state machine behind :class:`~fifteen_kit.widgets.GameOf15Board`.

It holds one :class:`~fifteen_kit.game_of_15.match.Match`, the computer opponent, a puzzle being tried, the
blitz timer and the message line's events; it asks the engine for every rule (what may be drafted, claims,
the computer's claims, whether a puzzle still wins in N) and draws nothing: after every change it calls
``on_change`` (the views redraw from it), and ``on_clock`` after a tick that only moved the clock.

>>> from fifteen_kit.game_of_15.match import Match
>>> c = GameOf15Controller(Match(target=1), seed=0, opponent="perfect", computer_side="I")
>>> c.click_digit(5)             # Onyx drafts 5; the perfect computer answers at once
>>> c.match.round.drafts
2
>>> c.click_digit(5)
>>> c.message()
'5 is no longer in the pool: Onyx drafted it. Onyx (you): click a tile to draft its digit.'
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from dataclasses import replace

from fifteen_kit import _check
from fifteen_kit.chance import derived_seed
from fifteen_kit.errors import FifteenKitError, InvalidArgumentError
from fifteen_kit.game_of_15.match import OPTIONS, FirstDrafter, Match, MatchRules
from fifteen_kit.game_of_15.players import PLAYERS, ComputerPlayer, computer_step, make_player
from fifteen_kit.game_of_15.puzzles import Puzzle, puzzles
from fifteen_kit.game_of_15.rules import Draft, Reason, Side

from .common import sentence

__all__ = ["MAX_TEXT", "NO_UNDO", "PLAIN_NO_UNDO", "GameOf15Controller", "match_result", "plain"]

#: Longest text a text box on the board accepts (longer input is refused unread).
MAX_TEXT = 200
#: Longest text a text box may hand over at all (the box's text is otherwise refused with a message).
_BOX_TEXT = 10**6
#: What the board says when undo is asked for in a match (touch and take, 2.9); PLAIN_NO_UNDO in a lesson.
NO_UNDO = "Touch and take (2.9): a match has no undo. Choose Practice for undo."
PLAIN_NO_UNDO = "A match has no undo: choose Practice in Settings to take moves back."

# the rulebook's words on an expert's board, and what a lesson's board says instead (a draw is a draw)
_PLAIN = ((re.compile(r"\bStalemate\b"), "Draw"), (re.compile(r"\bstalemate\b"), "draw"),
          (re.compile(r",? ?\b\d\.\d{1,2}\b\)"), ")"), (re.compile(r" \(\d\.\d{1,2}\)"), ""))


def plain(text: str) -> str:
    """``text`` in a lesson's words: "draw" for the rulebook's "stalemate", no rulebook section numbers.

    >>> plain("Stalemate: no points (false claim, 2.8)")
    'Draw: no points (false claim)'
    """
    _check.text(text, 10**6, "the text")
    for pattern, replacement in _PLAIN:
        text = pattern.sub(replacement, text)
    return text


def _words(text: str, expert: bool) -> str:
    return text if expert else plain(text)


def _result_words(m: Match, expert: bool = True) -> str:
    """:meth:`GameOf15Controller.result_text` for the match ``m`` (``expert``: with the rulebook's terms)."""
    res = m.round.result
    if res is None:
        return ""
    winner = res.winner
    if res.reason is Reason.DRAW or winner is None:
        text = "Stalemate: nobody made fifteen." if expert else "A draw: nobody made fifteen."
    elif res.reason is Reason.FIFTEEN:
        text = f"{winner.title} wins with {' + '.join(map(str, res.triple or ()))} = 15"
        text += " (flawless: bonus point)!" if res.flawless and expert else "!"
    elif res.reason is Reason.FALSE_CLAIM:
        text = f"False claim: {winner.other.title} forfeits the round."
    elif res.reason is Reason.TIME:
        text = f"{winner.other.title}'s time ran out: the round goes to {winner.title}."
    elif m.state.defaulted is not None:
        text = f"{winner.other.title} named an impossible digit and loses the match by default."
    else:
        text = f"{winner.other.title} named an impossible digit and loses the round."
    lockout = m.records[-1].lockout if m.records and m.records[-1].number == m.round_number else None
    if lockout is not None and expert:
        text += f" Defensive lockout for {lockout.title}."
    return _words(text, expert)


def _undo_reason(m: Match, computer: Side | None, expert: bool = True) -> str:
    """:meth:`GameOf15Controller.undo_reason` for the match ``m`` with the computer playing ``computer``."""
    if not m.rules.practice:
        return NO_UNDO if expert else PLAIN_NO_UNDO
    if not m.can_undo:
        return "Nothing to undo yet."
    if computer is not None:
        human = computer.other
        if not any(e.side is human and e.text.startswith(f"{human.title} drafts ") for e in m.log):
            return "Nothing of yours to take back yet: the computer's first move stays."
    return ""


def _say_high_tile(controller: GameOf15Controller) -> None:
    """Tell the players who drew what, when a match starts by drawing a high tile (a drawn start is news; the coin
    and a chosen side stay in the log)."""
    m = controller.match
    if m.rules.first == "high_tile" and m.round_number == 1 and not m.state.drafts:
        controller.say(m.log[0].text.removeprefix("Round 1: ") + ".")


def match_result(match: Match) -> str:
    """Who won ``match`` (over), in a pupil's words: a single round (a puzzle, a position studied) has no match
    to win, so it is "Onyx wins" or "A draw: nobody made fifteen"; a longer match "Ivory wins the match".

    >>> m = Match(rules=MatchRules(target=1))
    >>> for digit in (1, 4, 5, 6, 9): m.draft(digit)  # Onyx holds 1 + 5 + 9
    >>> match_result(m)
    'Onyx wins'
    """
    if not isinstance(match, Match) or not match.is_over:
        raise InvalidArgumentError("match must be a Match that is over", input=_check.short(match))
    winner = match.winner
    if match.rules.target == 1:
        return f"{winner.title} wins" if winner else "A draw: nobody made fifteen"
    return f"{winner.title if winner else 'Nobody'} wins the match"


class GameOf15Controller:
    """Turns, computer replies, the blitz clock and the puzzle referee for one board (no drawing).

    Args:
        match: the match to play (replaced by :meth:`new_match`, :meth:`load` and :meth:`new_puzzle`).
        seed: a whole number 0..10**12 seeding the computer players and later matches' coin flips.
        opponent: None for two people on one screen, or a computer player's name (``'random'``,
            ``'tactician'``, ``'perfect'``).
        computer_side: the side the computer plays, a :class:`Side` or ``'O'``/``'I'``.

    Every action clears the message line's events, acts through the engine, lets the computer reply and
    calls ``on_change``.  Raises InvalidArgumentError for a bad argument, before anything changes.

    >>> c = GameOf15Controller(Match(target=1), seed=0)
    >>> c.computer_side, c.prompt()
    (None, 'Onyx: click a tile to draft its digit.')
    """

    def __init__(self, match: Match, *, seed: int = 0, opponent: str | None = None,
                 computer_side: Side | str = Side.IVORY) -> None:
        if not isinstance(match, Match):
            raise InvalidArgumentError("match must be a Match", input=_check.short(match))
        _check.whole(seed, 0, 10**12, "seed")
        side = self._check_opponent(opponent, computer_side)
        self.match = match
        self.seed = seed
        self.games = 1  # matches started so far (each later match gets its own seed from it)
        #: Called after every change the views must draw; ``on_clock`` after a tick that only moved the clock.
        self.on_change: Callable[[], None] | None = None
        self.on_clock: Callable[[], None] | None = None
        #: True if a click on the magic square drafts (the board's "Play on the grid" setting).
        self.grid_clicks = False
        self.expert = True  #: the rulebook's terms in the board's words (play/); False: a lesson's plain words
        self._computer: ComputerPlayer | None = None
        self._computer_side = side
        self._puzzle: Puzzle | None = None
        self._clock_task: asyncio.Task[None] | None = None
        self._events: list[str] = []
        if opponent is not None:
            self._computer = make_player(opponent, seed=seed)

    @staticmethod
    def _check_opponent(opponent: str | None, computer_side: Side | str) -> Side:
        if opponent is not None:
            _check.choice(opponent, tuple(PLAYERS), "opponent (None for two players)")
        if isinstance(computer_side, Side):
            return computer_side
        _check.choice(computer_side, ("O", "I"), "computer_side")
        return Side.parse(computer_side)

    # -- what the views read -----------------------------------------------------------------------
    @property
    def computer_side(self) -> Side | None:
        """The side the computer plays, or None with two human players."""
        return None if self._computer is None else self._computer_side

    @property
    def computer_name(self) -> str | None:
        """The computer player's name (``'perfect'``...), or None with two human players."""
        return None if self._computer is None else self._computer.name

    @property
    def practice(self) -> bool:
        """True if the current match is a practice match (undo, hints, positions allowed)."""
        return self.match.rules.practice

    @property
    def puzzle(self) -> Puzzle | None:
        """The puzzle being tried (None without one, or once solved); its side is ``puzzle.position.to_move``."""
        return self._puzzle

    @property
    def events(self) -> tuple[str, ...]:
        """What happened in the last action, in order (the message line shows them, then :meth:`prompt`)."""
        return tuple(self._events)

    @property
    def clock_running(self) -> bool:
        """True while the asyncio timer of the blitz clock is alive."""
        return self._clock_task is not None and not self._clock_task.done()

    @property
    def may_draft(self) -> bool:
        """True if a human may draft now (the engine allows a draft and the side to move is a person's)."""
        m = self.match
        return m.can_draft and self._human(m.round.to_move)

    @property
    def may_claim(self) -> bool:
        """True if a human may call Fifteen! or end the turn now (manual claims, a person's turn open)."""
        m = self.match
        return m.can_claim and self._human(m.round.last_drafter)

    @property
    def may_undo(self) -> bool:
        """True if Undo takes something back now: a practice match with a move of a person's to take back."""
        return self.undo_reason() == ""

    def undo_reason(self) -> str:
        """Why Undo cannot be used now ('' if it can): a match (touch and take), nothing played yet, or only the
        computer's opening draft (which it would replay at once).

        >>> c = GameOf15Controller(Match(practice=True), opponent="perfect", computer_side="O")
        >>> c.start(); c.undo_reason()
        "Nothing of yours to take back yet: the computer's first move stays."
        """
        return _undo_reason(self.match, self.computer_side, self.expert)

    def _human(self, side: Side | None) -> bool:
        return side is not None and side is not self.computer_side

    def who(self, side: Side) -> str:
        """The side's name, with "(computer)" or "(you)" when a computer plays.

        Raises InvalidArgumentError unless ``side`` is a Side.

        >>> GameOf15Controller(Match(), opponent="random").who(Side.ONYX)
        'Onyx (you)'
        """
        if not isinstance(side, Side):
            raise InvalidArgumentError("side must be a Side", input=_check.short(side))
        if self.computer_side is None:
            return side.title
        return f"{side.title} ({'computer' if side is self.computer_side else 'you'})"

    def prompt(self) -> str:
        """What to do next, read from the engine (the message line always ends with it).

        >>> GameOf15Controller(Match()).prompt()
        'Onyx: click a tile to draft its digit.'
        """
        m = self.match
        if m.is_over:
            return f"{match_result(m)}. Press New match to play again."
        if m.round.is_over:
            return f"Press Next round to play round {m.round_number + 1}."
        side = m.acting_side
        if side is None:  # pragma: no cover - a live round always has a side to act
            return ""
        if m.turn_open:
            if m.round.awaiting_claim:
                return f"{self.who(side)}: call Fifteen! with three digits, or press End turn (a stalemate)."
            return f"{self.who(side)}: call Fifteen! with three digits, or press End turn."
        if m.rules.blind:
            return f"{self.who(side)}: type a digit and press Draft."
        where = "a tile or a cell of the square" if self.grid_clicks else "a tile"
        return f"{self.who(side)}: click {where} to draft its digit."

    def message(self) -> str:
        """The message line: the last action's events, then :meth:`prompt` (plain text, not HTML)."""
        events = " ".join(e for e in self._events if e)
        return _words(f"{events} {self.prompt()}".strip(), self.expert)

    def result_text(self) -> str:
        """The round's result in words ('' while it is on), with a defensive lockout when there was one.

        >>> m = Match(target=1)
        >>> for d in (2, 1, 5, 3, 8): m.draft(d)
        >>> GameOf15Controller(m).result_text()
        'Onyx wins with 2 + 5 + 8 = 15 (flawless: bonus point)!'
        """
        return _result_words(self.match, self.expert)

    # -- the message line and redrawing ------------------------------------------------------------
    def say(self, text: str) -> None:
        """Add one event to the message line (the prompt for what comes next is added by :meth:`message`).

        Raises InvalidArgumentError unless ``text`` is text (of at most 1,000,000 characters).
        """
        _check.text(text, _BOX_TEXT, "text")
        if text:
            self._events.append(text)

    def announce(self, text: str) -> None:
        """Replace the message line's events with ``text`` and redraw (e.g. "settings apply at New match").

        Raises InvalidArgumentError unless ``text`` is text (of at most 1,000,000 characters).

        >>> c = GameOf15Controller(Match())
        >>> c.announce("Settings apply from the next match."); c.message()
        'Settings apply from the next match. Onyx: click a tile to draft its digit.'
        """
        _check.text(text, _BOX_TEXT, "text")
        self._events = []
        self.say(text)
        self.changed()

    def changed(self) -> None:
        """Tell the views to redraw (``on_change``), and keep the blitz timer alive while a round is live."""
        if self.on_change is not None:
            self.on_change()
        self._sync_clock()

    # -- the computer ----------------------------------------------------------------------------------
    def set_opponent(self, opponent: str | None, computer_side: Side | str = Side.IVORY) -> None:
        """Two players (None) or a computer player by name on ``computer_side``; the computer moves if it must.

        Raises InvalidArgumentError for an unknown name or side.

        >>> c = GameOf15Controller(Match())
        >>> c.set_opponent("perfect", "O"); c.match.round.drafts
        1
        """
        side = self._check_opponent(opponent, computer_side)
        self._computer = None if opponent is None else make_player(opponent, seed=self.seed)
        self._computer_side = side
        self._events = []
        self.say("Two players now share the board." if opponent is None
                 else f"The computer ({opponent}) now plays {side.title}.")
        self._computer_turns()
        self.changed()

    def _computer_turns(self) -> None:
        """The computer plays while its side must act (a draft, then a claim or the end of its turn)."""
        m = self.match
        side = self.computer_side
        player = self._computer
        if side is None or player is None:
            return
        while m.acting_side is side:
            step = computer_step(m, player)
            if not isinstance(step, Draft):  # a claim, or the end of its turn
                if m.round.is_over:
                    self.say(self.result_text())
            elif m.round.is_over and not m.turn_open:
                self.say(self.result_text())
            elif m.rules.blind:
                self.say(f"{side.title} says: {step.digit}.")
            else:
                self.say(f"{side.title} drafts {step.digit}.")

    def start(self) -> None:
        """Let the computer make its moves if it is to act (a new board whose computer drafts first)."""
        _say_high_tile(self)
        self._computer_turns()
        self.changed()

    # -- actions ----------------------------------------------------------------------------------
    def click_digit(self, digit: int, from_grid: bool = False) -> None:
        """A human drafts ``digit`` (a click on a pool tile, or on the grid when :attr:`grid_clicks`).

        A draft the rules refuse only shows the engine's reason.  Raises InvalidArgumentError unless
        ``digit`` is a whole number 1..9 and ``from_grid`` True/False.
        """
        _check.whole(digit, 1, 9, "digit")
        _check.flag(from_grid, "from_grid")
        m = self.match
        self._events = []
        if m.rules.blind:
            self.say("Blind play: type your digit and press Draft.")
        elif from_grid and not self.grid_clicks:
            self.say("Turn on 'Play on the grid' (under View) to draft by clicking the square.")
        elif m.can_draft and not self._human(m.round.to_move):
            self.say("Wait for the computer's move.")
        else:
            self._draft(digit)  # the engine refuses what its rules refuse, in its own words
        self.changed()

    def _draft(self, digit: int | str) -> None:
        m = self.match
        side = m.round.to_move
        try:
            m.draft(digit)
        except FifteenKitError as err:
            self.say(sentence(err.message))
            return
        result = m.round.result
        if result is not None:
            if m.rules.blind and result.reason is Reason.DEFAULT:
                shown = str(digit).strip()[:20]
                self.say(f"{side.title} named {shown!r}, which is not in the pool: a drafting violation.")
            self.say(self.result_text())
        elif m.rules.blind and self.computer_side is None:
            self.say(f"{side.title} says: {str(digit).strip()}.")  # the statement, heard once
        elif not m.rules.blind:
            self.say(f"{side.title} drafts {digit}.")  # what the click (or Enter on a focused tile) did
        warning = self._referee()
        self._computer_turns()
        self.say(warning)

    def _referee(self) -> str:
        """After the puzzle side's draft: the engine referee's word if the win slipped or the puzzle is solved."""
        if self._puzzle is None:
            return ""
        verdict = self._puzzle.referee(self.match.round)
        if verdict.status == "solved":
            self._puzzle = None
            return verdict.describe()
        if verdict.status == "slipped":
            return f"{verdict.describe()} Press Undo and try another."
        return ""

    def draft_typed(self, text: str) -> None:
        """Blind play: the human to move drafts the digit typed as ``text`` (a wrong name is a violation).

        Raises InvalidArgumentError unless ``text`` is text (up to 1,000,000 characters); text over 200
        characters only shows a message.
        """
        _check.text(text, _BOX_TEXT, "text (a digit such as '7')")
        self._events = []
        if len(text) > MAX_TEXT:
            self.say(f"That is longer than {MAX_TEXT} characters: type one digit.")
        elif not text.strip():
            self.say("Type a digit, then press Draft.")
        elif not self.match.rules.blind:
            self.say("This is not blind play: click a tile.")
        elif not self.may_draft:
            self.say("It is not your turn to draft.")
        else:
            self._draft(text)
        self.changed()

    def claim(self, text: str) -> bool:
        """Call "Fifteen!" for the human whose turn is open, naming digits as text (e.g. ``'2 5 8'``).

        Returns True if the engine took the claim (the box it was typed in may be cleared).  Raises
        InvalidArgumentError unless ``text`` is text; text over 200 characters only shows a message.
        """
        _check.text(text, _BOX_TEXT, "digits (text such as '2 5 8')")
        m = self.match
        self._events = []
        taken = False
        if len(text) > MAX_TEXT:
            self.say(f"That is longer than {MAX_TEXT} characters: name three digits.")
        elif m.rules.auto_claim:
            self.say("Claims are automatic in this match.")
        elif not self.may_claim:
            self.say("Only the player who has just drafted may call Fifteen!, before ending the turn.")
        else:
            side = m.round.last_drafter
            try:
                m.claim(text)
            except FifteenKitError as err:
                self.say(sentence(err.message))
            else:
                taken = True
                if m.round.is_over:
                    self.say(self.result_text())
                elif side is not None:
                    self.say(f"Wrong statement: {side.title} named digits that are not a fifteen of the rack, "
                             "while holding one. It does not count, and the turn ends.")
                self._computer_turns()
        self.changed()
        return taken

    def end_turn(self) -> None:
        """End a human's open turn without a claim (manual claims); with the pool empty, the round is drawn."""
        m = self.match
        self._events = []
        if not self.may_claim:
            self.say("There is no turn to end now.")
        else:
            m.end_turn()
            if m.round.is_over:
                self.say(self.result_text())
            self._computer_turns()
        self.changed()

    def undo(self) -> None:
        """Practice only: take back the last move; against the computer, back to the person's last draft (the
        computer's replies with it), so the person decides again.  Only the message changes when
        :meth:`undo_reason` says why it cannot."""
        m = self.match
        self._events = []
        computer = self.computer_side
        reason = self.undo_reason()
        if reason:
            self.say(reason)
        elif computer is None:
            m.undo()
            self.say("Move taken back.")
        else:  # take back actions until one of the human's drafts is gone and the human may draft
            human = computer.other
            before = (m.round_number, len(m.round.rack(human)))
            m.undo()
            while m.can_undo and ((m.round_number, len(m.round.rack(human))) == before or not self.may_draft):
                m.undo()
            self._computer_turns()
            self.say("Move taken back.")
        self.changed()

    def next_round(self) -> None:
        """Start the next round of the match (the other side drafts first)."""
        m = self.match
        self._events = []
        if m.is_over:
            self.say("The match is over.")
        elif not m.round.is_over:
            self.say("Finish this round first.")
        else:
            m.next_round()
            self._puzzle = None
            self.say(f"Round {m.round_number}: {m.round.to_move.title} drafts first.")
            self._computer_turns()
        self.changed()

    def next_seed(self) -> int:
        """The seed of the next match's coin flips (one more match counted)."""
        self.games += 1
        return derived_seed(self.seed, self.games, 1000)

    def new_match(self, rules: MatchRules, first: Side | FirstDrafter | None = Side.ONYX) -> None:
        """Start a new match under ``rules``; ``first`` (:data:`~fifteen_kit.game_of_15.match.FirstDrafter`)
        decides who drafts first in round 1 (``'coin'`` or None: a seeded coin flip; ``'high_tile'``: a seeded
        tile draw); it replaces ``rules.first``.

        Raises InvalidArgumentError unless ``rules`` is a MatchRules and ``first`` one of the choices.
        """
        if not isinstance(rules, MatchRules):
            raise InvalidArgumentError("rules must be a MatchRules", input=_check.short(rules))
        rules = replace(rules, first=OPTIONS["first"].check(first))
        self._events = []
        self.match = Match(rules=rules, seed=self.next_seed())
        self._puzzle = None
        self.say(f"New {'practice ' if rules.practice else ''}match: {rules.describe()}.")
        _say_high_tile(self)
        self._computer_turns()
        self.changed()

    def load(self, text: str) -> bool:
        """Start a single practice round from a position in the kit's notation (e.g. ``'25/13 O'``).

        Claims stay as they were (automatic after blind play).  Returns True if the position was loaded;
        text that is not a position only shows a message.  Raises InvalidArgumentError unless ``text``
        is text of at most 200 characters.
        """
        _check.text(text, MAX_TEXT, "text (a position such as '25/13 O')")
        self._events = []
        rules = self.match.rules
        try:
            match = Match(rules=MatchRules(target=1, auto_claim=rules.auto_claim if not rules.blind else True,
                                           practice=True), position=text.strip())
        except FifteenKitError as err:
            self.say(f"Cannot load that position: {err.message}.")
            self.changed()
            return False
        self.match = match
        self._puzzle = None
        self.say(f"Loaded {match.round.notation()} (practice).")
        self._computer_turns()
        self.changed()
        return True

    def new_puzzle(self, drafts: int = 2) -> None:
        """A win-in-``drafts`` practice puzzle (1..3): you move, the perfect computer defends the other side.

        Raises InvalidArgumentError unless ``drafts`` is 1, 2 or 3.
        """
        _check.whole(drafts, 1, 3, "drafts (own drafts to win)")
        puzzle = puzzles(drafts, count=1, seed=self.next_seed())[0]
        position = puzzle.position
        self._computer = make_player("perfect", seed=self.seed)
        self._computer_side = position.to_move.other
        self.match = Match(rules=MatchRules(target=1, auto_claim=True, practice=True), position=position)
        self._puzzle = puzzle
        self._events = [f"Puzzle: {puzzle.title()}."]
        self.changed()

    # -- the blitz clock ---------------------------------------------------------------------------
    def tick(self, seconds: float) -> None:
        """Speed blitz: let ``seconds`` pass on the clock of the side that must act (the timer calls this).

        Does nothing without a clock or a round in play.  Raises InvalidArgumentError unless
        ``seconds`` is a finite number, 0 or more.
        """
        _check.seconds(seconds, "seconds", positive=False)
        m = self.match
        if m.clock is None or m.is_over or m.round.is_over:
            return
        m.tick(seconds)
        if m.round.is_over:
            self._events = [self.result_text()]
            self.changed()
        elif self.on_clock is not None:
            self.on_clock()

    def _sync_clock(self) -> None:
        """Keep the asyncio timer alive exactly while a blitz round is in play."""
        m = self.match
        live = m.clock is not None and not m.is_over and not m.round.is_over
        if not live or self.clock_running:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no event loop (plain Python, tests): call tick() yourself
        self._clock_task = loop.create_task(self._run_clock())

    async def _run_clock(self) -> None:
        loop = asyncio.get_running_loop()
        last = loop.time()
        try:
            while self.match.clock is not None and not self.match.is_over and not self.match.round.is_over:
                await asyncio.sleep(0.2)
                now = loop.time()
                self.tick(now - last)
                last = now
        finally:
            self._clock_task = None
