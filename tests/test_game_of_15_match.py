"""Match play: points, bonus, stalemates, claims, blind play, the blitz clock, log and undo."""

import pytest

from fifteen_kit.errors import ClaimError, GameOverError, IllegalMoveError, InvalidArgumentError
from fifteen_kit.game_of_15 import Reason, Side
from fifteen_kit.game_of_15.match import Match, MatchRules


def drafts(m: Match, *digits):
    for d in digits:
        m.draft(d)


def test_best_of_targets():
    assert MatchRules.best_of(5).target == 3
    assert MatchRules.best_of(7).target == 4
    assert MatchRules.best_of(1).target == 1
    for bad in (0, 4, -5, "5", 5.0):
        with pytest.raises(InvalidArgumentError):
            MatchRules.best_of(bad)
    for bad in (0, -1, "3", 2.5, True):
        with pytest.raises(InvalidArgumentError):
            MatchRules(target=bad)
    for bad in (0, -5, "60", float("nan")):
        with pytest.raises(InvalidArgumentError):
            MatchRules(clock=bad)


def test_round_win_flawless_bonus_and_alternating_first_player():
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


def test_stalemate_gives_nothing_and_is_replayed_with_the_start_swapped():
    m = Match(target=3)
    drafts(m, 5, 2, 8, 6, 4, 3, 7, 9, 1)
    assert m.round.result.reason is Reason.DRAW
    assert m.scores == {Side.ONYX: 0, Side.IVORY: 0}
    assert "Stalemate" in m.log[-1].text
    m.next_round()
    assert m.round.to_move is Side.IVORY and "replay" in m.log[-1].text


def test_match_ends_at_the_target():
    m = Match(target=3)
    drafts(m, 2, 1, 5, 3, 8)  # Onyx +2
    m.next_round()
    drafts(m, 9, 1, 7, 6, 3, 8)  # Ivory first: 9,7,3 -- Onyx 1,6,8 wins on its third draft: +2
    assert m.winner is Side.ONYX and m.is_over
    assert m.scores[Side.ONYX] == 4
    with pytest.raises(GameOverError):
        m.next_round()
    with pytest.raises(GameOverError):
        m.draft(4)
    assert m.log[-1].text.startswith("Match to Onyx")


def test_false_claim_forfeits_the_round():
    m = Match(auto_claim=False)
    drafts(m, 2, 1, 5, 3, 9)
    m.claim([2, 5, 9])
    assert m.round.winner is Side.IVORY and m.round.result.reason is Reason.FALSE_CLAIM
    assert m.scores == {Side.ONYX: 0, Side.IVORY: 1}
    assert "False claim" in m.log[-1].text


def test_true_claim_text_and_refusals():
    m = Match(auto_claim=False)
    with pytest.raises(ClaimError):
        m.claim("1+2+3")  # nobody has drafted
    drafts(m, 2, 1, 5, 3, 8)
    assert not m.round.is_over
    before = (m.state, len(m.log))
    with pytest.raises(ClaimError):
        m.claim([2, 5, 9])  # 9 is not Onyx's
    with pytest.raises(ClaimError):
        m.claim([2, 5])
    assert (m.state, len(m.log)) == before
    m.claim("Fifteen! 2+5+8")
    assert m.scores[Side.ONYX] == 2


def test_manual_last_claim_can_be_declined():
    m = Match(auto_claim=False)
    drafts(m, 5, 2, 8, 6, 4, 3, 7, 9, 1)
    assert m.round.awaiting_claim
    m.decline_claim()
    assert m.round.result.reason is Reason.DRAW
    with pytest.raises(GameOverError):
        m.decline_claim()


def test_blind_illegal_digit_loses_the_match_by_default():
    for bad in (5, "5", "12", "x", 0):
        m = Match(blind=True)
        m.draft(5)
        m.draft(bad)  # Ivory names a taken or impossible digit
        assert m.is_over and m.winner is Side.ONYX
        assert m.round.result.reason is Reason.DEFAULT
        assert "default" in m.log[-1].text
    m = Match(blind=True)
    m.draft(" 7 ")
    assert m.round.onyx == {7}
    with pytest.raises(InvalidArgumentError):
        m.draft(None)


def test_blind_claim_of_digits_not_held_is_a_false_claim():
    m = Match(blind=True, auto_claim=False)
    drafts(m, 2, 1, 5, 3)
    m.draft(8)
    m.claim([2, 5, 9])
    assert m.round.result.reason is Reason.FALSE_CLAIM and m.scores[Side.IVORY] == 1


def test_blitz_clock_and_time_forfeit():
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


def test_errors_leave_the_match_unchanged():
    m = Match()
    drafts(m, 5, 2)
    before = (m.state, len(m._history))
    for bad in (5, 2, 0, 10, "x", 3.5, None):
        with pytest.raises(IllegalMoveError):
            m.draft(bad)
    with pytest.raises(GameOverError):
        m.next_round()
    assert (m.state, len(m._history)) == before


def test_undo_is_exact():
    m = Match(auto_claim=False, clock=30)
    states = [m.state]
    for action in (lambda: m.draft(2), lambda: m.draft(1), lambda: m.draft(5),
                   lambda: m.draft(3), lambda: m.draft(8), lambda: m.claim([2, 5, 8]), m.next_round):
        action()
        states.append(m.state)
    while m.can_undo:
        m.undo()
        states.pop()
        assert m.state == states[-1]
    with pytest.raises(IllegalMoveError):
        m.undo()


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


# -- regressions found by attacking the engine with bad input ---------------------------------
def test_blitz_charges_the_last_drafter_while_the_final_claim_is_pending():
    m = Match(auto_claim=False, clock=10)
    drafts(m, 1, 3, 5, 4, 9, 6, 2, 7, 8)
    assert m.round.awaiting_claim and m.acting_side is Side.ONYX
    m.tick(10)
    assert m.round.result.reason is Reason.TIME and m.round.winner is Side.IVORY


@pytest.mark.parametrize("bad", [None, 5, 2.5, object()])
def test_claim_with_a_non_collection_is_a_claim_error(bad):
    m = Match(auto_claim=False)
    drafts(m, 2, 1, 5)
    with pytest.raises(ClaimError):
        m.claim(bad)
    with pytest.raises(ClaimError) as info:
        m.claim("garbage")
    assert "round 1" in info.value.position


def test_generator_claims_are_read_once():
    m = Match(auto_claim=False)
    drafts(m, 2, 1, 5, 3, 8)
    m.claim(d for d in (2, 5, 8))
    assert m.round.winner is Side.ONYX and m.log[-2].text == "Onyx calls Fifteen! 2+5+8"
    m = Match(auto_claim=False, blind=True)
    drafts(m, 2, 1, 5, 3, 8)
    m.claim(d for d in (2, 5, 9))
    assert m.round.result.reason is Reason.FALSE_CLAIM


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


def test_ticks_are_not_moves_for_undo():
    m = Match(clock=5)
    m.tick(0)
    m.tick(1.5)
    assert not m.can_undo and m.clock[Side.ONYX] == 3.5
    m.draft(5)
    m.tick(2)
    m.undo()  # takes back the draft; Onyx's time is not refunded past the draft
    assert m.round.drafts == 0 and m.clock[Side.ONYX] == 3.5
    m.tick(3.5)
    assert m.round.result.reason is Reason.TIME
    m.undo()  # a time forfeit can be taken back
    assert not m.round.is_over


def test_match_from_a_position():
    m = Match(target=1, position="25/13 O")
    assert m.round.notation() == "25/13 O" and "starts from" in m.log[0].text
    m.draft(8)
    assert m.winner is Side.ONYX
    m = Match(position="25/13 O", auto_claim=False)
    assert not m.round.auto_claim
    for bad in ("258/46 I", "zzz", 5, "13567/2489 I manual"):
        with pytest.raises(ValueError):
            Match(position=bad)
