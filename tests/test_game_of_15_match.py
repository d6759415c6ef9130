"""Match play: round victories and the ledger, claims, blind play, blitz, touch and take, achievements.

Rule tests are named after the rulebook sections they check.
"""

import pytest

from fifteen_kit.errors import (
    ClaimError,
    GameOverError,
    IllegalMoveError,
    InvalidArgumentError,
    NotationError,
    WrongStatementError,
)
from fifteen_kit.game_of_15 import Reason, Round, Side, Symmetry, threats
from fifteen_kit.game_of_15.match import READINGS, Match, MatchRules


def drafts(m: Match, *digits, end_last=True):
    """Draft the digits in turn; with manual claims end each open turn (the last one too if end_last)."""
    for i, d in enumerate(digits):
        m.draft(d)
        if m.turn_open and not m.round.awaiting_claim and (end_last or i < len(digits) - 1):
            m.end_turn()


# -- 2.6.1 / 2.7 / 2.8: how a match is counted -------------------------------------------------
def test_2_6_1_best_of_targets():
    assert MatchRules.best_of(5).target == 3
    assert MatchRules.best_of(7).target == 4
    assert MatchRules.best_of(1).target == 1
    for bad in (0, 4, -5, "5", 5.0):
        with pytest.raises(InvalidArgumentError):
            MatchRules.best_of(bad)
    for bad in (0, -1, "3", 2.5, True, 10**7):
        with pytest.raises(InvalidArgumentError):
            MatchRules(target=bad)
    for bad in (0, -5, "60", float("nan")):
        with pytest.raises(InvalidArgumentError):
            MatchRules(clock=bad)


def test_2_6_1_best_of_5_counts_round_victories():
    # The issue's case: a flawless win plus a normal win is 3 points but only 2 rounds.
    m = Match(rules=MatchRules.best_of(5))
    drafts(m, 2, 1, 5, 3, 8)  # Onyx flawless: 1 round, 2 points
    m.next_round()
    drafts(m, 1, 2, 3, 4, 5, 6, 8, 9)  # Ivory first; Onyx 2,4,6,9: 2+4+9 on its 4th draft
    assert m.round.winner is Side.ONYX and not m.round.result.flawless
    assert m.scores == {Side.ONYX: 3, Side.IVORY: 0}
    assert m.round_wins == {Side.ONYX: 2, Side.IVORY: 0}
    assert not m.is_over  # 3 points, but only 2 of the 3 round victories needed
    m.next_round()
    drafts(m, 2, 1, 5, 3, 8)
    assert m.is_over and m.winner is Side.ONYX and m.round_wins[Side.ONYX] == 3
    assert "rounds 3-0" in m.log[-1].text and "points 5-0" in m.log[-1].text


def test_2_6_1_best_of_7_needs_four_round_victories():
    m = Match(rules=MatchRules.best_of(7))
    for _ in range(3):
        first = m.round.to_move
        drafts(m, *((2, 1, 5, 3, 8) if first is Side.ONYX else (1, 2, 3, 5, 4, 8)))
        assert m.round.winner is Side.ONYX
        m.next_round()
    assert m.round_wins[Side.ONYX] == 3 and not m.is_over


def test_2_7_ledger_round_flawless_bonus_and_alternating_first_player():
    m = Match(rules=MatchRules.best_of(7))
    drafts(m, 2, 1, 5, 3, 8)  # Onyx flawless: +2
    assert m.scores == {Side.ONYX: 2, Side.IVORY: 0}
    m.next_round()
    assert m.round.to_move is Side.IVORY and m.round_number == 2
    drafts(m, 1, 2, 3, 4, 5, 6, 7)  # Ivory 1,3,5,7: 3+5+7 on its 4th draft: +1, no bonus
    assert m.round.winner is Side.IVORY and not m.round.result.flawless
    assert m.scores == {Side.ONYX: 2, Side.IVORY: 1}
    m.next_round()
    assert m.round.to_move is Side.ONYX
    assert [r.points for r in m.records] == [(2, 0), (0, 1)]


def test_law4_stalemate_gives_nothing_and_is_replayed_with_the_start_swapped():
    m = Match(target=3)
    drafts(m, 5, 2, 8, 6, 4, 3, 7, 9, 1)
    assert m.round.result.reason is Reason.DRAW
    assert m.scores == {Side.ONYX: 0, Side.IVORY: 0} and m.round_wins == {Side.ONYX: 0, Side.IVORY: 0}
    m.next_round()
    assert m.round.to_move is Side.IVORY and "replay" in m.log[-1].text


def test_2_8_points_target_match():
    m = Match(target=3, count="points")
    drafts(m, 2, 1, 5, 3, 8)  # Onyx +2
    m.next_round()
    drafts(m, 9, 1, 7, 6, 3, 8)  # Ivory first: 9,7,3 -- Onyx 1,6,8 wins on its third draft: +2
    assert m.winner is Side.ONYX and m.is_over and m.scores[Side.ONYX] == 4
    with pytest.raises(GameOverError):
        m.next_round()
    with pytest.raises(GameOverError):
        m.draft(4)
    assert m.log[-1].text.startswith("Match to Onyx")
    assert MatchRules.first_to_points(7).describe() == "first to 7 points"
    assert Match(target=250, count="points").rules.target == 250  # any target


ONYX_PLAIN = (1, 2, 3, 4, 5, 6, 7)  # Onyx first: 3+5+7 on its 4th draft (1 round, 1 point)
IVORY_FLAWLESS = (2, 1, 5, 3, 8)  # Ivory first: 2+5+8 on its 3rd draft (1 round, 2 points)


def test_2_8_ledger_leader_is_crowned_only_with_the_option():
    def play(champion):
        m = Match(rules=MatchRules.best_of(5, champion=champion))
        for n in range(5):
            drafts(m, *(ONYX_PLAIN if n % 2 == 0 else IVORY_FLAWLESS))
            if not m.is_over:
                m.next_round()
        return m
    m = play("target")
    assert m.round_wins == {Side.ONYX: 3, Side.IVORY: 2} and m.scores == {Side.ONYX: 3, Side.IVORY: 4}
    assert m.winner is Side.ONYX  # 2.6.1: first to 3 round victories
    m = play("ledger")
    assert m.winner is Side.IVORY and "leads the ledger" in " ".join(e.text for e in m.log)


def test_2_8_ledger_tie_goes_to_the_side_that_reached_the_target():
    m = Match(rules=MatchRules.best_of(3, champion="ledger"))
    for n in range(3):
        drafts(m, *(ONYX_PLAIN if n % 2 == 0 else IVORY_FLAWLESS))
        if not m.is_over:
            m.next_round()
    assert m.scores == {Side.ONYX: 2, Side.IVORY: 2} and m.winner is Side.ONYX


def test_readings_table_lists_literal_defaults_first():
    r = MatchRules()
    for name, (default, _alternative) in READINGS.items():
        assert getattr(r, name) == default
    for name, (_default, alternative) in READINGS.items():
        assert getattr(MatchRules(**{name: alternative}), name) == alternative
        with pytest.raises(InvalidArgumentError, match=name):
            MatchRules(**{name: "bogus"})


# -- 2.7 / 2.8 / Law 2: claims -------------------------------------------------------------------
def test_2_7_false_claim_forfeits_the_round():
    m = Match(auto_claim=False)
    drafts(m, 2, 1, 5, 3, 9, end_last=False)  # Onyx 2,5,9: no fifteen
    m.claim([2, 5, 9])
    assert m.round.winner is Side.IVORY and m.round.result.reason is Reason.FALSE_CLAIM
    assert m.scores == {Side.ONYX: 0, Side.IVORY: 1} and m.round_wins[Side.IVORY] == 1
    assert "False claim" in m.log[-1].text


@pytest.mark.parametrize("statement", ["9+6", "Fifteen! 1+2+4+8", "2 5 8", [7], (1, 5, 9)])
def test_2_7_any_claim_without_a_valid_sum_is_a_false_claim(statement):
    # Onyx holds 1, 2, 4, 8 -- no three sum to 15 -- and calls Fifteen! with any statement.
    m = Match(auto_claim=False)
    drafts(m, 1, 3, 2, 5, 4, 6, 8, end_last=False)
    assert m.round.fifteen(Side.ONYX) is None
    m.claim(statement)
    assert m.round.result.reason is Reason.FALSE_CLAIM and m.round.winner is Side.IVORY


@pytest.mark.parametrize("statement", ["2+5+9", "2 5", "2+5+8+1", "5+5+5", [2, 8, 5, 5]])
def test_2_7_wrong_statement_while_holding_a_fifteen_does_not_count(statement):
    m = Match(auto_claim=False)
    drafts(m, 2, 1, 5, 3, 8, end_last=False)  # Onyx holds 2+5+8
    m.claim(statement)
    assert not m.round.is_over and not m.turn_open and m.acting_side is Side.IVORY
    assert m.scores == {Side.ONYX: 0, Side.IVORY: 0}
    assert "Wrong statement" in m.log[-1].text
    with pytest.raises(ClaimError):
        m.claim("2 5 8")  # the turn has ended: no second try
    drafts(m, 4, 6, end_last=False)
    m.claim("2 5 8")  # a later correct claim wins (not flawless)
    assert m.round.winner is Side.ONYX and m.scores[Side.ONYX] == 1


def test_2_7_wrong_statement_with_the_pool_empty_draws_the_round():
    m = Match(auto_claim=False)
    drafts(m, 2, 1, 6, 3, 7, 4, 8, 9, 5, end_last=False)  # Onyx 2,5,6,7,8 holds 2+6+7 and 2+5+8
    assert m.round.awaiting_claim
    m.claim("2 6 8")
    assert m.round.result.reason is Reason.DRAW


def test_2_7_wrong_statement_as_false_claim_is_an_option():
    m = Match(auto_claim=False, wrong_statement="false")
    drafts(m, 2, 1, 5, 3, 8, end_last=False)
    m.claim([2, 5, 9])
    assert m.round.result.reason is Reason.FALSE_CLAIM and m.scores[Side.IVORY] == 1
    with pytest.raises(WrongStatementError):
        Round.parse("258/13 I manual").claim(Side.ONYX, [2, 5, 9])


def test_2_8_false_claim_match_default_is_an_option():
    m = Match(auto_claim=False, false_claim="match")
    drafts(m, 2, 1, 5, 3, 9, end_last=False)
    m.claim("2 5 9")
    assert m.is_over and m.winner is Side.IVORY and "by default" in m.log[-1].text
    assert not m.achievements[Side.IVORY].flawless_match_set


def test_2_4_true_claim_and_refusals():
    m = Match(auto_claim=False)
    with pytest.raises(ClaimError):
        m.claim("1+2+3")  # nobody has drafted
    drafts(m, 2, 1, 5, 3, 8, end_last=False)
    before = (m.state, len(m.log))
    for bad in ("garbage", "0 5 10", [], [0, 5, 10], list(range(1, 11)), "x" * 10_000, [2.0, 5, 8]):
        with pytest.raises(ClaimError):
            m.claim(bad)
    assert (m.state, len(m.log)) == before
    m.claim("Fifteen! 2+5+8")
    assert m.scores[Side.ONYX] == 2


def test_2_4_claims_are_refused_when_automatic():
    m = Match()
    m.draft(5)
    with pytest.raises(ClaimError, match="automatically"):
        m.claim("5 1 9")


def test_2_4_open_turn_must_end_before_the_opponent_drafts():
    m = Match(auto_claim=False)
    m.draft(5)
    assert m.turn_open and m.acting_side is Side.ONYX and not m.can_draft
    with pytest.raises(IllegalMoveError, match="still open"):
        m.draft(2)
    m.end_turn()
    assert m.acting_side is Side.IVORY and m.can_draft
    with pytest.raises(IllegalMoveError):
        m.end_turn()


def test_2_4_manual_last_claim_can_be_declined():
    m = Match(auto_claim=False)
    drafts(m, 5, 2, 8, 6, 4, 3, 7, 9, 1, end_last=False)
    assert m.round.awaiting_claim
    m.end_turn()
    assert m.round.result.reason is Reason.DRAW
    with pytest.raises(GameOverError):
        m.decline_claim()


# -- blind play (printed under 2.6.1) ---------------------------------------------------------------
def test_2_6_1_blind_claims_are_manual_by_default():
    assert not Match(blind=True).rules.auto_claim
    assert Match(blind=True, auto_claim=True).rules.auto_claim
    m = Match(blind=True)
    drafts(m, 2, 1, 5, 3, 8, end_last=False)
    assert not m.round.is_over  # the player must state the combination
    m.claim("2 5 8")
    assert m.round.winner is Side.ONYX


def test_2_6_1_blind_illegal_digit_loses_the_match_by_default():
    for bad in (5, "5", "12", "x", 0, 10):
        m = Match(blind=True)
        m.draft(5)
        m.end_turn()
        m.draft(bad)  # Ivory names a taken or impossible digit
        assert m.is_over and m.winner is Side.ONYX
        assert m.round.result.reason is Reason.DEFAULT
        assert "default" in m.log[-1].text
    m = Match(blind=True)
    m.draft(" 7 ")
    assert m.round.onyx == {7}
    m.end_turn()
    for bad in (None, 2.5, [3], "9" * 201):
        with pytest.raises(InvalidArgumentError):
            m.draft(bad)


def test_2_6_1_blind_violation_losing_only_the_round_is_an_option():
    m = Match(blind=True, violation="round", target=2)
    m.draft(5)
    m.end_turn()
    m.draft(5)
    assert not m.is_over and m.round.winner is Side.ONYX and m.scores[Side.ONYX] == 1
    m.next_round()
    assert m.round_number == 2


def test_2_6_1_blind_claim_of_digits_not_held():
    m = Match(blind=True)
    drafts(m, 2, 1, 5, 3, 8, end_last=False)
    m.claim([2, 5, 9])  # holds 2+5+8: a wrong statement, which does not count
    assert not m.round.is_over
    m = Match(blind=True)
    drafts(m, 2, 1, 5, 3, 9, end_last=False)
    m.claim([1, 5, 9])  # holds no fifteen: a false claim
    assert m.round.result.reason is Reason.FALSE_CLAIM and m.scores[Side.IVORY] == 1


def test_issue_15_blind_claim_of_nested_lists_is_a_claim_error():
    m = Match(blind=True)
    m.draft(5)
    with pytest.raises(ClaimError):
        m.claim([[1], [2], [3]])
    assert m.turn_open


# -- 2.6.3 blitz ---------------------------------------------------------------------------------------
def test_2_6_3_blitz_clock_and_time_forfeit():
    m = Match(clock=60)
    assert m.clock == {Side.ONYX: 60.0, Side.IVORY: 60.0}
    m.tick(10)
    m.draft(5)
    m.tick(30.5)
    assert m.clock == {Side.ONYX: 50.0, Side.IVORY: 29.5}
    m.tick(29.5)
    assert m.round.result.reason is Reason.TIME and m.round.winner is Side.ONYX
    assert m.scores == {Side.ONYX: 1, Side.IVORY: 0}
    with pytest.raises(GameOverError):
        m.tick(1)
    m.next_round()
    assert m.clock == {Side.ONYX: 60.0, Side.IVORY: 60.0}  # the bank is per round
    for bad in (-1, "3", float("nan"), None):
        with pytest.raises(InvalidArgumentError):
            m.tick(bad)
    with pytest.raises(InvalidArgumentError):
        Match().tick(1)


def test_2_6_3_the_drafters_clock_runs_while_its_turn_is_open():
    m = Match(auto_claim=False, clock=10)
    m.draft(5)
    m.tick(4)
    assert m.clock == {Side.ONYX: 6.0, Side.IVORY: 10.0}
    m.end_turn()
    m.tick(3)
    assert m.clock == {Side.ONYX: 6.0, Side.IVORY: 7.0}


def test_2_6_3_blitz_charges_the_last_drafter_while_the_final_claim_is_pending():
    m = Match(auto_claim=False, clock=10)
    drafts(m, 1, 3, 5, 4, 9, 6, 2, 7, 8, end_last=False)
    assert m.round.awaiting_claim and m.acting_side is Side.ONYX
    m.tick(10)
    assert m.round.result.reason is Reason.TIME and m.round.winner is Side.IVORY


# -- 2.9 touch and take -------------------------------------------------------------------------------
def test_2_9_touch_and_take_a_match_has_no_undo():
    for m in (Match(), Match(blind=True), Match(clock=30)):
        m.draft(5)
        assert not m.can_undo
        with pytest.raises(IllegalMoveError, match="touch and take"):
            m.undo()
        assert m.round.drafts == 1


def test_2_9_blind_default_loss_cannot_be_undone():
    m = Match(blind=True)
    m.draft(5)
    m.end_turn()
    m.draft(5)
    with pytest.raises(IllegalMoveError):
        m.undo()
    assert m.is_over and m.round.result.reason is Reason.DEFAULT


def test_2_9_practice_is_never_blind_or_blitz():
    for kwargs in (dict(blind=True), dict(clock=20)):
        with pytest.raises(InvalidArgumentError, match="practice"):
            Match(practice=True, **kwargs)


def test_practice_undo_is_exact():
    m = Match(auto_claim=False, practice=True)
    states = [m.state]
    for action in (lambda: m.draft(2), m.end_turn, lambda: m.draft(1), m.end_turn, lambda: m.draft(5), m.end_turn,
                   lambda: m.draft(3), m.end_turn, lambda: m.draft(8), lambda: m.claim([2, 5, 8]), m.next_round):
        action()
        states.append(m.state)
    while m.can_undo:
        m.undo()
        states.pop()
        assert m.state == states[-1]
    with pytest.raises(IllegalMoveError):
        m.undo()


# -- 1.4 achievements -------------------------------------------------------------------------------
def test_1_4_efficiency_wins_and_flawless_match_set():
    m = Match(rules=MatchRules.best_of(3))
    drafts(m, 2, 1, 5, 3, 8)  # flawless round
    m.next_round()
    drafts(m, 5, 2, 8, 6, 4, 3, 7, 9, 1)  # stalemate: not a conceded round
    m.next_round()
    drafts(m, *ONYX_PLAIN)
    a = m.achievements
    assert m.winner is Side.ONYX and a[Side.ONYX].flawless_match_set and not a[Side.IVORY].flawless_match_set
    assert a[Side.ONYX].efficiency_wins == 1 and a[Side.ONYX].round_wins == 2


def test_1_4_no_flawless_set_after_conceding_a_round_or_in_a_single_round():
    m = Match(rules=MatchRules.best_of(3))
    drafts(m, 2, 1, 5, 3, 8)
    m.next_round()
    drafts(m, 2, 1, 5, 3, 8)  # Ivory wins this one
    m.next_round()
    drafts(m, 2, 1, 5, 3, 8)
    assert m.winner is Side.ONYX and not m.achievements[Side.ONYX].flawless_match_set
    m = Match(target=1)
    drafts(m, 2, 1, 5, 3, 8)
    assert not m.achievements[Side.ONYX].flawless_match_set  # not a multi-round duel


def test_1_4_defensive_lockout_goes_to_the_draft_that_made_the_draw_certain():
    m = Match(target=2)
    # O5 I2 O8 I... : after each draft, count the open lines.
    drafts(m, 5, 2, 8, 6, 4, 3, 7, 9, 1)
    assert m.round.result.reason is Reason.DRAW
    (record,) = m.records
    assert record.lockout is not None
    # recompute independently: first draft after which neither side has an open line
    r = Round.start()
    credited = None
    for d in (5, 2, 8, 6, 4, 3, 7, 9, 1):
        side = r.to_move
        r = r.play(d)
        if credited is None and not r.open_lines(Side.ONYX) and not r.open_lines(Side.IVORY):
            credited = side
    assert record.lockout is credited
    assert m.achievements[credited].defensive_lockouts == 1
    assert "Defensive lockout" in " ".join(e.text for e in m.log)


def test_1_4_no_lockout_in_a_declined_draw_with_a_fifteen_on_the_rack():
    m = Match(auto_claim=False, target=2)
    drafts(m, 2, 1, 6, 3, 7, 4, 8, 9, 5, end_last=False)
    m.end_turn()
    assert m.round.result.reason is Reason.DRAW and m.records[-1].lockout is None


# -- log, coin, bad input -------------------------------------------------------------------------------
def test_errors_leave_the_match_unchanged():
    m = Match()
    drafts(m, 5, 2)
    before = (m.state, len(m._history))
    for bad in (5, 2, 0, 10, "x", 3.5, None, "7" * 1000):
        with pytest.raises(IllegalMoveError):
            m.draft(bad)
    with pytest.raises(GameOverError):
        m.next_round()
    assert (m.state, len(m._history)) == before


def test_log_is_in_the_rulebooks_terms():
    m = Match(first=Side.IVORY)
    drafts(m, 5, 2)
    texts = [e.text for e in m.log]
    assert texts == ["Round 1: Ivory drafts first (by choice)", "Ivory drafts 5", "Onyx drafts 2"]
    assert m.drafts == ("I5", "O2")


def test_coin_flip_is_seeded():
    firsts = {Match(first=None, seed=s).round.to_move for s in range(20)}
    assert firsts == {Side.ONYX, Side.IVORY}
    assert Match(first=None, seed=3).round.to_move is Match(first=None, seed=3).round.to_move


@pytest.mark.parametrize("bad", [None, 5, 2.5, object(), [[1], [2], [3]], {"a": 1}])
def test_claim_with_a_non_collection_is_a_claim_error(bad):
    m = Match(auto_claim=False)
    drafts(m, 2, 1, 5, end_last=False)
    with pytest.raises(ClaimError):
        m.claim(bad)
    with pytest.raises(ClaimError) as info:
        m.claim("garbage")
    assert "round 1" in info.value.position


def test_generator_claims_are_read_once():
    m = Match(auto_claim=False)
    drafts(m, 2, 1, 5, 3, 8, end_last=False)
    m.claim(d for d in (2, 5, 8))
    assert m.round.winner is Side.ONYX and m.log[-2].text == "Onyx calls Fifteen! 2+5+8"


@pytest.mark.parametrize("bad", [float("inf"), 10**400, -1, float("nan")])
def test_clock_must_be_finite(bad):
    with pytest.raises(InvalidArgumentError):
        Match(clock=bad)
    with pytest.raises(InvalidArgumentError):
        Match(clock=60).tick(bad)


@pytest.mark.parametrize("bad", [[1], "abc", 1.5, True])
def test_bad_seeds(bad):
    with pytest.raises(InvalidArgumentError):
        Match(first=None, seed=bad)
    with pytest.raises(InvalidArgumentError):
        Match(seed=bad)


def test_bad_rules_and_flags():
    for bad in ("x", 5):
        with pytest.raises(InvalidArgumentError):
            Match(rules=bad)
    with pytest.raises(InvalidArgumentError):
        Match(rules=MatchRules(), target=1)
    with pytest.raises(InvalidArgumentError):
        MatchRules.best_of(5, foo=1)
    with pytest.raises(InvalidArgumentError):
        MatchRules.best_of(5, target=1)
    with pytest.raises(InvalidArgumentError):
        Match(auto_claim="no")
    with pytest.raises(InvalidArgumentError):
        Match(blind=1)
    for bad in ("o!", 5, "Both"):
        with pytest.raises(InvalidArgumentError, match="first"):
            Match(first=bad)


def test_ticks_are_not_moves():
    m = Match(clock=5)
    m.tick(0)
    m.tick(1.5)
    assert m.clock[Side.ONYX] == 3.5 and len(m._history) == 1
    m.draft(5)
    m.tick(2)
    assert m.clock == {Side.ONYX: 3.5, Side.IVORY: 3.0}


def test_match_from_a_position():
    m = Match(target=1, position="25/13 O")
    assert m.round.notation() == "25/13 O" and "starts from" in m.log[0].text
    m.draft(8)
    assert m.winner is Side.ONYX
    m = Match(position="25/13 O", auto_claim=False)
    assert not m.round.auto_claim
    for bad in ("258/46 I", "zzz", 5, "13567/2489 I manual", "1" * 10_000):
        with pytest.raises(ValueError):
            Match(position=bad)
    with pytest.raises(NotationError):
        Round.parse("5" * 201)


# -- issue 15 regressions ---------------------------------------------------------------------------
def test_issue_15_symmetry_with_a_short_permutation_is_refused():
    with pytest.raises(InvalidArgumentError):
        Symmetry("x", (1, 2))
    with pytest.raises(InvalidArgumentError):
        Symmetry(5, tuple(range(1, 10)))
    assert Symmetry("identity", tuple(range(1, 10)))(5) == 5


def test_issue_15_threats_of_none_is_a_kit_error():
    with pytest.raises(InvalidArgumentError):
        threats(None, None)
    with pytest.raises(InvalidArgumentError):
        threats([1, 2], [0, 12])
