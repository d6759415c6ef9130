"""Fifteens patience: cards, removals, refills, the solver and the strategies."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fifteen_kit.errors import GameOverError, IllegalMoveError, InvalidArgumentError, NotationError
from fifteen_kit.fifteens import (
    PLAYERS,
    Card,
    Position,
    Study,
    deck,
    make_player,
    parse_removal,
    play,
    removal_problem,
    removal_ranks,
    removal_text,
    solve,
    study,
    wilson_interval,
)


def C(text):
    return Card.parse(text)


def layout(tableau, stock_first=()):
    """A position with the given tableau cards (texts or None), the given stock top, the rest after."""
    cards = [None if t is None else C(t) for t in tableau]
    top = [C(t) for t in stock_first]
    used = {c for c in cards if c is not None} | set(top)
    rest = [c for c in deck() if c not in used]
    waste = []
    if any(c is None for c in cards):  # empty places only once the stock is gone: the rest is waste
        waste, rest = rest, []
        top = []
    return Position(tuple(cards), tuple(top + rest), tuple(waste))


def test_cards():
    assert str(C("10h")) == "TH" and C("as").rank == 1 and C("KD").is_face
    assert C("9S").value == 9 and C("QS").value is None
    for bad in ("1S", "AX", "", "10", None, "AAS"):
        with pytest.raises(NotationError):
            Card.parse(bad)
    with pytest.raises(InvalidArgumentError):
        Card(14, "S")


def test_removal_rules():
    assert removal_problem([C("9S"), C("6H")]) is None
    assert removal_problem([C("AS"), C("6H"), C("8D")]) is None  # ace + 6 + 8
    assert removal_problem([C("4S"), C("5H"), C("6D")]) is None
    assert "sum to 14" in removal_problem([C("9S"), C("5H")])
    assert "at least two" in removal_problem([C("5H")]) or removal_problem([C("5H")])
    assert "never combines" in removal_problem([C("TS"), C("5H")])
    assert removal_problem([C("JS"), C("JH"), C("JD"), C("JC")]) is None
    assert "all four" in removal_problem([C("JS"), C("JH"), C("JD")])
    assert "all four" in removal_problem([C("JS"), C("QH"), C("KD"), C("TC")])
    assert removal_problem([C("JS"), C("QH"), C("KD"), C("TC")], "one-each") is None
    assert "one 10, one jack" in removal_problem([C("JS"), C("JH"), C("JD"), C("JC")], "one-each")


def test_removal_refills_in_place_order_and_accounts_for_every_card():
    p = Position.deal(seed=7)
    r = p.legal_moves()[0]
    q = p.play(r)
    for place in r:
        assert q.tableau[place] == p.stock[sorted(r).index(place)]
    assert q.waste == tuple(p.tableau[x] for x in sorted(r))
    assert sorted([*q.cards, *q.stock, *q.waste]) == sorted(deck())


def test_refusals_explain_and_change_nothing():
    p = Position.deal(seed=7)
    before = p.notation()
    for bad, reason in (([0, 0], "twice"), ([16], "not a place"), ([0], None), ("x", None), (None, None)):
        with pytest.raises(IllegalMoveError) as info:
            p.play(bad)
        if reason:
            assert reason in str(info.value)
    assert p.notation() == before


def test_four_of_a_kind_edge_cases():
    # three jacks on the tableau and one in the stock: they cannot go until all four lie out
    p = layout(["JS", "JH", "JD", "9S", "6H", "AS", "2S", "3S", "4S", "5S", "7S", "8S", "AH", "2H", "3H", "4H"],
               ["JC"])
    assert not any(all(p.tableau[x].rank == 11 for x in r) for r in p.legal_moves())
    q = p.play((3, 4))  # 9 + 6: the jack of clubs comes out into place 3
    jacks = [r for r in q.legal_moves() if all(q.tableau[x].rank == 11 for x in r)]
    assert jacks == [(0, 1, 2, 3)]


def test_win_and_loss():
    last = layout(["9S", "6H", None, None, None, None, None, None, None, None, None, None, None, None, None, None])
    won = last.play((0, 1))
    assert won.is_won and won.is_over
    with pytest.raises(GameOverError):
        won.play((0, 1))
    stuck = layout(["9S", "5H", None, None, None, None, None, None, None, None, None, None, None, None, None, None])
    assert stuck.is_lost and not stuck.legal_moves()
    assert solve(stuck).status == "lost"


def test_notation_round_trips_and_refuses_garbage():
    p = Position.deal(seed=3)
    assert Position.parse(p.notation()) == p
    q = Position.deal(seed=3, face_rule="one-each")
    assert Position.parse(q.notation()) == q
    for bad in ("", "AS / / ", p.notation().replace("AS", "AH", 1), None, p.notation() + " extra"):
        with pytest.raises(NotationError):
            Position.parse(bad)


def test_solver_lines_replay_through_the_engine():
    for seed in range(30):
        p = Position.deal(seed)
        result = solve(p)
        assert result.status in ("won", "lost")
        if result.status == "won":
            for removal in result.line:
                p = p.play(removal)
            assert p.is_won


ONE_ORDER = ("TS TH TD JS JH JD QS QH QD KS KH KD 9S 6H 4C 5C / 7S 3H 3C 3S 9D 9H 4H 7D 6S KC AD 8D 8C 2C QC 5S "
             "8S 2S 2H 3D 8H AC AS 6C 9C 7H 2D AH 5D 4D 5H 4S TC 6D 7C JC /")


def test_a_deal_won_only_by_one_particular_order():
    """Two removals compete for the 6 of hearts: 9+6 wins, 4+5+6 loses (both decided exhaustively)."""
    p = Position.parse(ONE_ORDER)
    assert sorted(tuple(sorted(p.tableau[x].rank for x in r)) for r in p.legal_moves()) == [(4, 5, 6), (6, 9)]
    assert solve(p, node_budget=None).status == "won"
    assert solve(p.play((12, 13)), node_budget=None).status == "won"
    assert solve(p.play((13, 14, 15)), node_budget=None).status == "lost"
    assert solve(p).line[0] == (12, 13)


def test_a_deal_lost_at_once():
    tableau = ["TS", "TH", "TD", "JS", "JH", "JD", "QS", "QH", "QD", "KS", "KH", "KD", "AS", "AH", "2S", "2H"]
    p = layout(tableau, ["TC"])
    assert p.legal_moves() == () and p.is_lost
    assert solve(p).status == "lost" and play(p, "random").cards_left == 52


def test_removal_ranks_are_distinct_and_sum_to_15():
    counts = [0] * 14
    for r in (1, 2, 3, 4, 5, 6, 7, 8, 9, 9):
        counts[r] += 1
    moves = list(removal_ranks(tuple(counts)))
    assert len(moves) == len(set(moves))
    assert all(sum(m) == 15 and len(m) >= 2 for m in moves)


def test_strategies_and_study():
    rows = study(("random", "fewest", "most", "options", "thoughtful"), games=20, seed=3)
    rates = {r.player: r for r in rows}
    assert rates["thoughtful"].wins >= max(r.wins for r in rows)
    for r in rows:
        assert 0 <= r.low <= r.rate <= r.high <= 1
    assert study(("most",), games=5, seed=1) == study(("most",), games=5, seed=1)
    with pytest.raises(InvalidArgumentError):
        study(("clever",), games=3)
    with pytest.raises(InvalidArgumentError):
        play(Position.deal(1), "clever")


def test_wilson_interval():
    assert wilson_interval(0, 10)[0] == 0.0
    low, high = wilson_interval(10, 10)
    assert high == pytest.approx(1.0) and 0.69 < low < 0.73
    with pytest.raises(InvalidArgumentError):
        wilson_interval(11, 10)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["random", "fewest", "most", "options"]))
def test_52_cards_always_accounted_for(seed, strategy):
    p = Position.deal(seed)
    outcome = play(p, strategy, seed)
    for removal in outcome.line:
        p = p.play(removal)
        assert sorted([*p.cards, *p.stock, *p.waste]) == sorted(deck())
        assert len(p.tableau) == 16
    assert p.is_won == outcome.won and (p.is_won or p.is_lost)


def test_study_uses_one_process_under_pyodide(monkeypatch):
    """In a browser tab (sys.platform 'emscripten') no process pool is even tried; the rows are the same."""
    import concurrent.futures

    expected = study(("most", "fewest"), games=6, seed=2, processes=1)

    def no_processes(*args, **kwargs):
        raise AssertionError("a process pool was started under Pyodide")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_processes)
    monkeypatch.setattr("sys.platform", "emscripten")
    assert study(("most", "fewest"), games=6, seed=2, processes=2) == expected


def test_study_falls_back_to_one_process_where_pools_fail(monkeypatch):
    import concurrent.futures

    expected = study(("most",), games=5, seed=4, processes=1)

    def refused(*args, **kwargs):
        raise OSError("no processes here")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", refused)
    assert study(("most",), games=5, seed=4, processes=2) == expected


def test_position_satisfies_the_engine_contract():
    from fifteen_kit import contract

    p = Position.deal(seed=1)
    assert isinstance(p, contract.Position)
    assert p.is_over is False and Position.parse(p.notation()) == p
    for move in p.legal_moves():
        assert p.explain(move) is None and p.explain(removal_text(move)) is None
        assert p.play(move) == p.play(removal_text(move)) == p.play(list(move))
    for bad in ([0, 0], [16], [0], "0", "x", "6 6", "16", ""):
        reason = p.explain(bad)
        assert reason is not None
        with pytest.raises(IllegalMoveError) as info:
            p.play(bad)
        assert info.value.message == reason  # play refuses with the reason explain gives


def test_removal_text_round_trips():
    assert parse_removal("15 6") == parse_removal("6,15") == parse_removal(" 6 + 15 ") == (6, 15)
    assert removal_text((15, 6)) == "6 15"
    for bad in ("", "x", "6 16", "-1", "6 6", "６"):
        with pytest.raises(NotationError):
            parse_removal(bad)


def test_solver_answers_with_the_contract_result():
    from fifteen_kit import contract

    result = solve(Position.deal(seed=1))
    assert isinstance(result, contract.SolveResult) and result.status in ("won", "lost")
    assert result.seconds > 0 and result.nodes > 0 and result.value is None


def test_players_have_one_shape():
    from fifteen_kit import contract

    p = Position.deal(seed=1)
    assert set(PLAYERS) == {"random", "fewest", "most", "options"}
    for name in PLAYERS:
        player = make_player(name, seed=3)
        assert isinstance(player, contract.Player) and player.name == name
        assert player.choose(p) in p.legal_moves()
        assert [make_player(name, 5).choose(p) for _ in range(3)] == [make_player(name, 5).choose(p)] * 3
    stuck = layout(["9S", "5H", None, None] + [None] * 12)
    with pytest.raises(GameOverError):
        make_player("most", 1).choose(stuck)
    with pytest.raises(InvalidArgumentError):
        make_player("thoughtful")


def test_study_keeps_each_deal():
    s = study(("most", "options", "thoughtful"), games=12, seed=5)
    assert isinstance(s, Study) and len(s) == 3 and [r.player for r in s] == ["most", "options", "thoughtful"]
    assert s.seeds == tuple(5 * 1_000_003 + i for i in range(12))
    for row in s:
        assert len(row.results) == 12 and row.results.count("won") == row.wins
        assert row.results.count("unknown") == row.unknown
        assert sorted(row.deals("won") + row.deals("lost") + row.deals("unknown")) == list(range(12))
    most = s[0]
    for i in range(12):
        assert play(s.deal(i), "most", s.seeds[i]).won == (most.results[i] == "won")
        assert (solve(s.deal(i), node_budget=200_000).status == "won") == (s[2].results[i] == "won")
    with pytest.raises(InvalidArgumentError):
        s.deal(12)
    with pytest.raises(InvalidArgumentError):
        most.deals("win")


def test_removals_of_agrees_with_every_subset_of_places():
    # removals_of works by rank (cached rank sets, then every choice of places); check it against the rules
    # applied to every subset of places of random tableaus, both face-card rules
    import random
    from itertools import combinations

    from fifteen_kit.fifteens.rules import removal_problem, removals_of

    rng = random.Random(21)
    cards = deck()
    for _ in range(20):
        tableau = rng.sample(cards, 9) + [None] * 7
        rng.shuffle(tableau)
        filled = [p for p, c in enumerate(tableau) if c is not None]
        for rule in ("four-of-a-kind", "one-each"):
            brute = [s for n in range(1, 10) for s in combinations(filled, n)
                     if removal_problem([tableau[p] for p in s], rule) is None]
            assert removals_of(tuple(tableau), rule) == tuple(sorted(brute, key=lambda s: (len(s), s)))
