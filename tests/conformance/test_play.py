"""Random legal play on every engine, with invariants and notation round-trips after every step, and
``hypothesis.stateful`` machines for every object with undo: any sequence of actions and undos returns to
exactly the earlier state (a stack of snapshots is kept beside the object).

Counts scale with KIT_CONFORMANCE_SCALE.
"""

from __future__ import annotations

import random
from collections import Counter

import hypothesis.strategies as st
from hypothesis import HealthCheck, Phase, settings
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from fifteen_kit.errors import FifteenKitError

from .harness import COUNTS, scaled, snapshot

# No shrinking: a failure is reported as found, so a failing run stays within the suite's few minutes.
MACHINE = settings(max_examples=scaled(25), stateful_step_count=30, deadline=None, database=None,
                   derandomize=True, suppress_health_check=list(HealthCheck), phases=[Phase.explicit, Phase.generate])


# -- Game of 15 -------------------------------------------------------------------------------------------
def _check_round(r) -> None:
    from fifteen_kit.game_of_15.rules import Claim, Draft, Round, Side
    onyx, ivory = r.rack(Side.ONYX), r.rack(Side.IVORY)
    assert not onyx & ivory and onyx | ivory | r.pool == frozenset(range(1, 10)), r.notation()
    assert abs(len(onyx) - len(ivory)) <= 1, r.notation()
    assert Round.parse(r.notation()) == r, r.notation()
    for d in r.legal_moves():
        assert d in r.pool and Draft.parse(str(Draft(d))) == Draft(d)
    if r.result is not None and r.result.triple:
        triple = r.result.triple
        assert sum(triple) == 15 and set(triple) <= r.rack(r.result.winner), r.notation()
        assert Claim.parse(str(Claim(triple))) == Claim(triple)


def test_game_of_15_random_rounds():
    from fifteen_kit.errors import WrongStatementError
    from fifteen_kit.game_of_15.rules import Reason, Round, Side
    rng = random.Random(15)
    void_next = False
    for _ in range(scaled(300)):
        r = Round.start(rng.choice("OI"), auto_claim=rng.random() < 0.7)
        _check_round(r)
        while not r.is_over:
            if r.awaiting_claim or (not r.auto_claim and r.last_drafter and rng.random() < 0.3):
                side = r.last_drafter
                own = r.fifteen(side)
                if own and rng.random() < 0.8:
                    r = r.claim(side, own)
                elif r.awaiting_claim:
                    r = r.decline_claim()
                else:
                    digits = rng.sample(sorted(r.rack(side)), 3) if len(r.rack(side)) >= 3 else None
                    if digits is None:
                        r = r.play(rng.choice(r.legal_moves()))
                    elif own is not None and sum(digits) != 15:
                        # a wrong statement (2.7): holding a fifteen but naming other digits
                        void_next = not void_next  # the two readings in turn (wrong statements are rare)
                        if void_next:  # "void": refused, the position stays as it was
                            before = r
                            try:
                                r.claim(side, digits)
                            except WrongStatementError:
                                pass
                            else:
                                raise AssertionError(f"{r.notation()}: a wrong statement {digits} was accepted")
                            assert r == before
                            COUNTS["wrong statements refused"] += 1
                        else:  # "false": a false claim, the round goes to the opponent
                            r = r.claim(side, digits, wrong_statement="false")
                            assert r.winner is side.other and r.result.reason is Reason.FALSE_CLAIM, r.notation()
                            COUNTS["wrong statements judged false claims"] += 1
                    else:
                        # a true claim (the named digits are a fifteen) or a false one (no fifteen held): both
                        # end the round
                        r = r.claim(side, digits)
                        assert r.is_over, r.notation()
            else:
                r = r.play(rng.choice(r.legal_moves()))
            _check_round(r)
        assert r.winner in (None, Side.ONYX, Side.IVORY)
        COUNTS["games played"] += 1


class MatchMachine(RuleBasedStateMachine):
    """A Game of 15 practice match: drafts, claims, turn ends, declines and new rounds, with undo at any time.

    Undo is for practice only (a match is touch and take, 2.9, and a blitz clock is for matches):
    MatchPlayMachine below plays a match with a clock, where undo must be refused.
    """

    def __init__(self):
        super().__init__()
        from fifteen_kit.game_of_15.match import Match
        self.match = Match(target=2, auto_claim=False, practice=True)
        self.stack: list = []

    def _act(self, action) -> None:
        before = self.match.state
        try:
            action()
        except FifteenKitError:
            assert self.match.state == before, "a refused action changed the match"
            return
        assert self.match.state != before, "an accepted action changed nothing"
        self.stack.append(before)

    @rule(digit=st.integers(1, 9))
    def draft(self, digit):
        self._act(lambda: self.match.draft(digit))

    @rule(digits=st.lists(st.integers(1, 9), min_size=3, max_size=3, unique=True))
    def claim(self, digits):
        self._act(lambda: self.match.claim(digits))

    @rule()
    def claim_own(self):
        r = self.match.round
        own = r.fifteen(r.last_drafter) if r.last_drafter else None
        self._act(lambda: self.match.claim(own if own else (1, 2, 3)))

    @rule()
    def decline(self):
        self._act(self.match.decline_claim)

    @rule()
    def end_turn(self):
        self._act(self.match.end_turn)

    @rule()
    def next_round(self):
        self._act(self.match.next_round)

    @rule(seconds=st.sampled_from([0.5, 3.0, 45.0]))
    def tick(self, seconds):
        before = self.match.state
        try:
            self.match.tick(seconds)
        except FifteenKitError:
            assert self.match.state == before
            return
        if self.match.round.is_over and not before.round.is_over:  # a forfeit on time is an action (undoable);
            self.stack.append(before)  # time passing is not: it amends the current state

    @rule()
    def undo(self):
        if not self.stack:
            assert not self.match.can_undo
            return
        self.match.undo()
        expected = self.stack.pop()
        assert self.match.state == expected, "undo did not return to the state before the last action"

    @invariant()
    def consistent(self):
        m = self.match
        COUNTS["stateful steps"] += 1
        _check_round(m.round)
        assert m.can_undo == bool(self.stack)
        assert sum(m.scores.values()) == sum(sum(rec.points) for rec in m.records)
        assert m.is_over == (m.winner is not None)


TestMatchUndo = MatchMachine.TestCase
TestMatchUndo.settings = MACHINE


class MatchPlayMachine(MatchMachine):
    """A Game of 15 match under touch and take (2.9), with a blitz clock: every undo is refused."""

    def __init__(self):
        super().__init__()
        from fifteen_kit.game_of_15.match import Match
        self.match = Match(target=2, auto_claim=False, clock=40.0)

    @rule()
    def undo(self):
        from fifteen_kit.errors import IllegalMoveError
        before = self.match.state
        assert not self.match.can_undo
        try:
            self.match.undo()
        except IllegalMoveError:
            pass
        else:
            raise AssertionError("a match took a move back (touch and take: no undo)")
        assert self.match.state == before, "a refused undo changed the match"
        self.stack.clear()  # nothing can be taken back in a match

    @invariant()
    def consistent(self):
        assert not self.match.can_undo
        self.stack.clear()
        super().consistent()


TestMatchNoUndo = MatchPlayMachine.TestCase
TestMatchNoUndo.settings = MACHINE


# -- the dice game ------------------------------------------------------------------------------------------
def _check_turn(t) -> None:
    from fifteen_kit.nasty15.rules import Turn
    assert Turn.parse(t.notation()) == t, t.notation()
    for i, v in enumerate(t.placed):
        assert v is None or 1 <= v <= t.targets[i]
    assert set(t.valid_colours()) <= set(t.unplaced)
    if t.is_over:
        assert t.score is not None and t.score >= 0


def test_dice_random_games():
    from fifteen_kit.nasty15.game import Game
    rng = random.Random(6)
    for n in range(scaled(40)):
        players = ["Ann", "Bo", "Cy"][: rng.randint(1, 3)]
        g = Game(players, seed=n, handicap=len(players) > 1 and rng.random() < 0.4, gambler=rng.random() < 0.3)
        while not g.is_over:
            turn = g.turn
            held = turn.notation()
            _check_turn(turn)
            valid = turn.valid_colours()
            if turn.is_over:
                g.next_turn()
                assert g.pad[-1].points == turn.score and g.pad[-1].turn == held
            elif valid and (turn.phase.value == "P" or rng.random() < 0.5):
                g.place([c.value for c in rng.sample(valid, rng.randint(1, len(valid)))])
            elif turn.placed_count and rng.random() < 0.3:
                g.stop()
            else:
                g.roll()
            assert turn.notation() == held, "a turn value changed after an action (turns are immutable)"
        totals = g.totals()
        assert len(g.pad) == len(players) * g.rounds
        assert all(totals[p] == sum(e.points for e in g.pad if e.player == p) for p in players)
        assert set(g.winners()) == {p for p in players if totals[p] == max(totals.values())}
        COUNTS["games played"] += 1


class DiceGameMachine(RuleBasedStateMachine):
    """The dice game object: a refused action changes nothing; with an undo (if the engine has one) the earlier
    state comes back exactly."""

    def __init__(self):
        super().__init__()
        from fifteen_kit.nasty15.game import Game
        self.game = Game(["Ann", "Bo"], seed=3)
        self.stack: list = []

    def _state(self):
        return snapshot(self.game)

    def _act(self, action) -> None:
        before = self._state()
        try:
            action()
        except FifteenKitError:
            assert self._state() == before, "a refused action changed the game"
            return
        self.stack.append(before)

    @rule()
    def roll(self):
        self._act(self.game.roll)

    @rule(colours=st.lists(st.sampled_from("BYKWGR"), min_size=1, max_size=3))
    def place(self, colours):
        self._act(lambda: self.game.place(colours))

    @rule()
    def place_valid(self):
        valid = self.game.turn.valid_colours() if not self.game.is_over else ()
        self._act(lambda: self.game.place(list(valid[:1]) or ["B"]))

    @rule()
    def stop(self):
        self._act(self.game.stop)

    @rule()
    def next_turn(self):
        self._act(self.game.next_turn)

    @precondition(lambda self: hasattr(self.game, "undo"))
    @rule()
    def undo(self):
        if not self.stack:
            return
        self.game.undo()
        assert self._state() == self.stack.pop()

    @invariant()
    def consistent(self):
        COUNTS["stateful steps"] += 1
        _check_turn(self.game.turn)


TestDiceGame = DiceGameMachine.TestCase
TestDiceGame.settings = MACHINE


# -- Fifteens --------------------------------------------------------------------------------------------------
def _check_fifteens(p, start_cards) -> None:
    from fifteen_kit.fifteens.cards import Card
    from fifteen_kit.fifteens.rules import Position
    everything = [c for c in p.tableau if c is not None] + list(p.stock) + list(p.waste)
    assert Counter(everything) == start_cards, "cards were created or lost"
    assert Position.parse(p.notation()) == p
    removals = p.legal_moves()
    for removal in removals:
        assert p.explain(removal) is None
    for card in p.cards:
        assert Card.parse(str(card)) == card
    assert p.is_won == (not everything or len(p.waste) == 52)
    assert p.is_lost == (not p.is_won and not removals)


def test_fifteens_random_games():
    from fifteen_kit.fifteens.rules import FACE_RULES, Position
    rng = random.Random(52)
    for n in range(scaled(150)):
        p = Position.deal(n, rng.choice(FACE_RULES))
        start = Counter([c for c in p.tableau if c is not None] + list(p.stock) + list(p.waste))
        while not p.is_over:
            _check_fifteens(p, start)
            removal = rng.choice(p.legal_moves())
            q = p.play(removal)
            assert len(q.waste) == len(p.waste) + len(removal)
            p = q
        _check_fifteens(p, start)
        COUNTS["games played"] += 1


# -- 5x15 --------------------------------------------------------------------------------------------------------
def _tiles(p):
    return Counter(t for row in p.grid for t in row if t is not None)


def _check_f5(p, start_tiles) -> None:
    from fifteen_kit.five_by_15 import rules
    from fifteen_kit.five_by_15.rules import Position, parse_move
    assert _tiles(p) == start_tiles, "tiles were created or lost"
    assert all(row[0] is not None and row[0][1] == 1 for row in p.grid), "column 0 must hold the 1s"
    assert Position.parse(p.notation()) == p
    assert Position.from_packed(p.packed, p.level, p.size) == p
    for m in p.legal_moves():
        assert parse_move(str(m)) == m and eval(repr(m), vars(rules)) == m and p.explain(m) is None


def test_five_by_15_random_games():
    from fifteen_kit.five_by_15.game import Game
    from fifteen_kit.five_by_15.rules import Position
    rng = random.Random(515)
    for n in range(scaled(30)):
        shape = rng.choice([{}, {"colours": 3, "size": 6}, {"colours": 2, "size": 8}])
        g = Game(Position.deal(n, level=rng.choice([1, 2, 3]), **shape))
        start = _tiles(g.position)
        for _ in range(scaled(60)):
            if g.status != "playing":
                break
            _check_f5(g.position, start)
            g.play(rng.choice(g.fresh_moves()))
        _check_f5(g.position, start)
        assert g.status in ("won", "stuck", "loop", "playing")
        COUNTS["games played"] += 1


class FiveBy15Machine(RuleBasedStateMachine):
    """The 5x15 game: moves (legal and illegal) and undos; undo returns exactly the earlier game."""

    def __init__(self):
        super().__init__()
        from fifteen_kit.five_by_15.game import Game
        from fifteen_kit.five_by_15.rules import Position
        self.game = Game(Position.deal(7, colours=3, size=6))
        self.stack: list = []

    def _state(self):
        g = self.game
        return (tuple(g.history), tuple(g.moves), g.status, g.fresh_moves())

    @rule(data=st.data())
    def play(self, data):
        before = self._state()
        moves = self.game.position.legal_moves()
        if not moves:
            return
        move = data.draw(st.sampled_from(moves))
        try:
            self.game.play(move if data.draw(st.booleans()) else str(move))
        except FifteenKitError:
            assert self._state() == before
            return
        self.stack.append(before)

    @rule(text=st.sampled_from(["b7 to 2,8", "shift o11-15", "B2 to 0,1", "", "nonsense"]))
    def play_text(self, text):
        before = self._state()
        try:
            self.game.play(text)
        except FifteenKitError:
            assert self._state() == before
            return
        self.stack.append(before)

    @rule()
    def undo(self):
        if not self.stack:
            try:
                self.game.undo()
            except FifteenKitError:
                return
            raise AssertionError("undo with nothing to undo did not raise")
        self.game.undo()
        assert self._state() == self.stack.pop()

    @invariant()
    def consistent(self):
        COUNTS["stateful steps"] += 1
        g = self.game
        assert len(g.history) == len(g.moves) + 1
        assert set(g.fresh_moves()) <= set(g.position.legal_moves())


TestFiveBy15Undo = FiveBy15Machine.TestCase
TestFiveBy15Undo.settings = MACHINE
