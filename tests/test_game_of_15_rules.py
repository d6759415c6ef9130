"""One round of the Game of 15: Laws 1, 2 and 4, claims, notation and bad input."""

import pytest

from fifteen_kit.errors import ClaimError, GameOverError, IllegalMoveError, InvalidArgumentError, NotationError
from fifteen_kit.game_of_15 import Claim, Draft, Reason, Round, Side


def play(*digits, first=Side.ONYX, auto_claim=True):
    r = Round.start(first, auto_claim=auto_claim)
    for d in digits:
        r = r.play(d)
    return r


def test_start_has_a_full_pool_and_empty_racks():
    r = Round()
    assert r.pool == frozenset(range(1, 10))
    assert r.onyx == r.ivory == frozenset()
    assert r.to_move is Side.ONYX and r.first is Side.ONYX
    assert not r.is_over and r.legal_moves() == tuple(range(1, 10))


def test_law1_draft_moves_a_digit_from_pool_to_rack_and_passes_the_turn():
    r = Round().play(5)
    assert r.onyx == {5} and 5 not in r.pool and r.to_move is Side.IVORY
    r2 = r.play(Draft(2))
    assert r2.ivory == {2} and r2.to_move is Side.ONYX
    assert r.onyx == {5} and r.ivory == frozenset()  # the old value is untouched


def test_law1_a_drafted_digit_cannot_be_drafted_again():
    r = play(5)
    with pytest.raises(IllegalMoveError) as info:
        r.play(5)
    assert info.value.input == 5 and info.value.position == "5/- I"
    assert "Onyx drafted it" in str(info.value)


def test_law2_three_digits_summing_to_15_win():
    r = play(2, 1, 5, 3, 8)
    assert r.is_over and r.winner is Side.ONYX
    assert r.result.reason is Reason.FIFTEEN and r.result.triple == (2, 5, 8)
    assert r.result.flawless


def test_law2_two_digits_summing_to_15_do_not_win():
    r = play(9, 1, 6)  # Onyx 9+6 = 15 with two digits
    assert not r.is_over


def test_law2_four_digits_summing_to_15_do_not_win():
    r = play(1, 9, 2, 6, 4, 3, 8)  # Onyx 1+2+4+8 = 15 with four digits; Ivory 9+6 = 15 with two
    assert r.onyx == {1, 2, 4, 8} and r.ivory == {3, 6, 9}
    assert not r.is_over
    assert r.fifteen(Side.ONYX) is None and r.fifteen(Side.IVORY) is None


def test_law2_a_larger_rack_wins_when_some_three_sum_to_15():
    r = play(1, 9, 2, 6, 4, 3, 8, 7, 5)  # Onyx's fifth draft: 2+5+8, on the last digit of the pool
    assert r.winner is Side.ONYX and r.result.triple == (2, 5, 8)
    assert r.result.reason is Reason.FIFTEEN  # a win, not a draw, although the pool is empty
    assert not r.result.flawless


def test_flawless_only_on_the_winners_own_third_draft():
    r = play(1, 5, 6, 4, 8)  # Onyx 1+6+8 on its third draft
    assert r.winner is Side.ONYX and r.result.flawless
    r = play(1, 5, 2, 6, 8, 4)  # Ivory 4+5+6 on its third draft
    assert r.winner is Side.IVORY and r.result.flawless
    r = play(1, 2, 3, 4, 5, 6, 7)  # Onyx 3+5+7 on its fourth draft
    assert r.winner is Side.ONYX and r.result.triple == (3, 5, 7)
    assert not r.result.flawless


def test_law4_all_nine_drafted_without_fifteen_is_a_draw():
    r = play(5, 2, 8, 6, 4, 3, 7, 9, 1)
    assert r.is_over and r.winner is None and r.result.reason is Reason.DRAW
    assert r.pool == frozenset()


def test_no_draft_after_the_round_is_over():
    r = play(2, 1, 5, 3, 8)
    with pytest.raises(GameOverError) as info:
        r.play(4)
    assert info.value.position == r.notation()


@pytest.mark.parametrize("bad", [0, 10, -3, 2.0, "5", None, True, [5]])
def test_impossible_digits_are_refused(bad):
    r = play(5)
    with pytest.raises(IllegalMoveError) as info:
        r.play(bad)
    assert info.value.input == bad


def test_manual_claims_true_false_and_late():
    r = play(2, 1, 5, 3, 8, auto_claim=False)
    assert not r.is_over and r.fifteen(Side.ONYX) == (2, 5, 8)
    won = r.claim(Side.ONYX, [8, 5, 2])
    assert won.winner is Side.ONYX and won.result.flawless
    false = play(2, 1, 5, 3, 9, auto_claim=False).claim(Side.ONYX, Claim((2, 5, 9)))
    assert false.winner is Side.IVORY and false.result.reason is Reason.FALSE_CLAIM
    # a fifteen not claimed in time stays on the rack; a later claim is not flawless
    later = r.play(4).play(6).claim(Side.ONYX, [2, 5, 8])
    assert later.winner is Side.ONYX and not later.result.flawless


def test_missed_fifteen_lets_the_opponent_win():
    r = play(1, 2, 5, 6, 9, auto_claim=False)  # Onyx holds 1+5+9 and does not claim
    assert r.fifteen(Side.ONYX) == (1, 5, 9) and not r.is_over
    r = r.play(7)  # Ivory drafts: the window for Onyx's claim has closed
    with pytest.raises(ClaimError):
        r.claim(Side.ONYX, [1, 5, 9])
    won = r.claim(Side.IVORY, [2, 6, 7])
    assert won.winner is Side.IVORY and won.result.flawless


def test_claim_refusals():
    r = play(2, 1, 5, 3, 8, auto_claim=False)
    with pytest.raises(ClaimError):
        r.claim(Side.IVORY, [1, 3, 8])  # not Ivory's turn to claim
    with pytest.raises(ClaimError):
        r.claim(Side.ONYX, [2, 5])  # two digits
    with pytest.raises(ClaimError):
        r.claim(Side.ONYX, [2, 5, 5])  # repeated
    with pytest.raises(ClaimError):
        r.claim(Side.ONYX, [2, 5, 9])  # 9 not held
    with pytest.raises(ClaimError):
        r.claim(Side.ONYX, [2, 5, 8, 1])
    with pytest.raises(ClaimError):
        r.claim(Side.ONYX, 7)
    with pytest.raises(ClaimError):
        Round.start(auto_claim=False).claim(Side.ONYX, [1, 2, 3])
    done = r.claim(Side.ONYX, [2, 5, 8])
    with pytest.raises(GameOverError):
        done.claim(Side.ONYX, [2, 5, 8])


def test_manual_round_with_full_pool_waits_for_the_last_claim():
    r = play(5, 2, 8, 6, 4, 3, 7, 9, 1, auto_claim=False)
    assert r.awaiting_claim and not r.is_over and r.legal_moves() == ()
    with pytest.raises(GameOverError):
        r.play(1)
    assert r.decline_claim().result.reason is Reason.DRAW
    with pytest.raises(GameOverError):
        Round.start(auto_claim=False).decline_claim()


def test_forfeits():
    r = play(5)
    assert r.forfeit(Side.IVORY, Reason.TIME).winner is Side.ONYX
    assert r.forfeit(Side.ONYX, Reason.DEFAULT).winner is Side.IVORY
    with pytest.raises(ValueError):
        r.forfeit(Side.ONYX, Reason.FIFTEEN)


def test_grid_twin_round_trips():
    r = play(5, 2, 9)
    grid = r.to_grid()
    assert grid[1][1] is Side.ONYX and grid[0][0] is Side.IVORY and grid[0][1] is Side.ONYX
    assert Round.from_grid(grid, r.to_move) == r
    assert Round.from_grid(r.grid_text().splitlines() and [row.split() for row in r.grid_text().splitlines()]) == r


@pytest.mark.parametrize("grid", [["...", "..."], ["XO.", "...", "..."], ["O..", "O..", "O.."]])
def test_bad_grids(grid):
    with pytest.raises(NotationError):
        Round.from_grid(grid)


@pytest.mark.parametrize(
    "text",
    ["-/- O", "-/- I", "5/- I", "258/46 I", "17/3 I manual", "13567/2489 I manual",
     "13567/2489 I manual =", "258/13 I manual +O258", "12589/3467 I manual +O258", "259/13 I manual xO",
     "5/- I tI", "5/- I dI"],
)
def test_notation_round_trips(text):
    r = Round.parse(text)
    assert r.notation() == text
    assert Round.parse(r.notation()) == r


@pytest.mark.parametrize(
    "text",
    ["", "258", "258/46", "25/5 O", "2580/46 I", "22/4 I", "12a/- O", "-/- X", "123/- O", "-/12 O",
     "258/46 O", "258/46 I +O", "5/- I manual +I", "5/- I manual ?O", "5/- I manual = extra",
     "5/- I =", "-/- O manual =", None, 42],
)
def test_bad_notation(text):
    with pytest.raises(NotationError):
        Round.parse(text)


def test_move_text_forms_round_trip():
    for d in range(1, 10):
        assert Draft.parse(str(Draft(d))) == Draft(d)
    assert Claim.parse("fifteen! 8+2+5") == Claim((2, 5, 8))
    for bad in ["", "draft", "10", "draft 0", "x"]:
        with pytest.raises(NotationError):
            Draft.parse(bad)
    for bad in ["", "Fifteen!", "1+a+3", "0 5 10"]:
        with pytest.raises(NotationError):
            Claim.parse(bad)


def test_side_parsing():
    assert Side.parse("onyx") is Side.ONYX and Side.parse(" I ") is Side.IVORY
    with pytest.raises(NotationError):
        Side.parse("X")


def test_constructor_validates():
    with pytest.raises(NotationError):
        Round(onyx={1, 2}, ivory={2})
    with pytest.raises(NotationError):
        Round(onyx={1, 2, 3}, ivory=set(), to_move=Side.IVORY)
    with pytest.raises(NotationError):
        Round(onyx={0})
    with pytest.raises(NotationError):
        Round(onyx=5)


# -- regressions found by attacking the engine with bad input ---------------------------------
@pytest.mark.parametrize("text", ["²/- I", "¹/- O", "５/- I", "٥/- I", "5５/- I", "-/- ı", "-/- I manual ="])
def test_unicode_lookalikes_are_refused(text):
    with pytest.raises(NotationError):
        Round.parse(text)


def test_claimed_triple_round_trips():
    r = Round.start(auto_claim=False)
    for d in (1, 3, 5, 4, 9, 6, 2, 7, 8):
        r = r.play(d)
    won = r.claim(Side.ONYX, [2, 5, 8])
    assert won.notation() == "12589/3467 I manual +O258"
    assert Round.parse(won.notation()) == won
    assert Round.parse("12589/3467 I MANUAL +O258") == won


@pytest.mark.parametrize(
    "kwargs",
    [dict(result="x"), dict(auto_claim=False, result="x"), dict(onyx=[5], to_move="I", result=None, auto_claim=None),
     dict(auto_claim="")],
)
def test_bad_constructor_arguments(kwargs):
    with pytest.raises(ValueError) as info:
        Round(**kwargs)
    assert isinstance(info.value, (NotationError, InvalidArgumentError))


def test_impossible_results_are_refused():
    from fifteen_kit.game_of_15 import RoundResult

    with pytest.raises(NotationError):
        Round(onyx=[5], to_move="I", result=RoundResult(None, Reason.TIME))
    with pytest.raises(NotationError):
        Round(auto_claim=False, result=RoundResult(Side.ONYX, Reason.FIFTEEN, (1, 2, 3)))
    with pytest.raises(NotationError):
        Round(auto_claim=False, result=RoundResult(Side.ONYX, Reason.FIFTEEN, (2, 5, 8), True))


@pytest.mark.parametrize("bad", [None, 5, [1, 2, 3], ["...", "...", "..."] * 2])
def test_bad_grid_types(bad):
    with pytest.raises(NotationError):
        Round.from_grid(bad)


def test_grid_text_reads_back():
    r = Round.parse("29/13 O")
    assert Round.from_grid(r.grid_text().splitlines(), r.to_move) == r


@pytest.mark.parametrize("bad", [None, 5, (1, "a", 2), (), "258"])
def test_bad_claim_values(bad):
    with pytest.raises(NotationError):
        Claim(bad)


@pytest.mark.parametrize("bad", [5.0, "5", None, 0])
def test_bad_draft_values(bad):
    with pytest.raises(NotationError):
        Draft(bad)


def test_endless_iterables_are_refused():
    import itertools

    r = Round.start(auto_claim=False).play(1)
    with pytest.raises(ClaimError):
        r.claim(Side.ONYX, itertools.count(1))
    with pytest.raises(NotationError):
        Round(onyx=itertools.count(1))
    with pytest.raises(NotationError):
        Round.from_grid(itertools.repeat("..."))


def test_2_7_round_claim_without_a_fifteen_is_false_whatever_it_names():
    r = play(1, 3, 2, 5, 4, 6, 8, auto_claim=False)  # Onyx 1 2 4 8: no three sum to 15
    for named in ([9, 6], [1, 2, 4, 8], [2, 5, 8], [7], [5, 5, 5]):
        res = r.claim(Side.ONYX, named).result
        assert res.reason is Reason.FALSE_CLAIM and res.winner is Side.IVORY


def test_2_7_round_wrong_statement_raises_and_changes_nothing():
    from fifteen_kit.errors import WrongStatementError

    r = play(2, 1, 5, 3, 8, auto_claim=False)  # Onyx holds 2+5+8
    for named in ([2, 5, 9], [9, 6], [2, 5, 8, 1], [5, 5, 5]):
        with pytest.raises(WrongStatementError):
            r.claim(Side.ONYX, named)
        assert r.claim(Side.ONYX, named, wrong_statement="false").result.reason is Reason.FALSE_CLAIM
    with pytest.raises(ValueError):
        r.claim(Side.ONYX, [2, 5, 8], wrong_statement="maybe")


def test_1_4_open_lines():
    r = Round.parse("5/2 O")
    assert len(r.open_lines(Side.ONYX)) == 5 and len(r.open_lines(Side.IVORY)) == 4
    full = Round.parse("14578/2369 I")
    assert full.result.reason is Reason.DRAW
    assert full.open_lines(Side.ONYX) == () and full.open_lines(Side.IVORY) == ()
