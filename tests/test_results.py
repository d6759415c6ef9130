"""A pupil's results: records checked, files and codes read back, mistyped codes caught, garbage refused."""

from __future__ import annotations

import contextlib
import json
import string

import pytest
import results_samples
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from fifteen_kit.errors import FifteenKitError, InvalidArgumentError, NotationError
from fifteen_kit.results import (
    CODE_PREFIX,
    FILE_FORMAT,
    PupilResults,
    from_code,
    from_json,
    results_file_name,
    to_code,
    to_json,
)

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

# -- strategies ------------------------------------------------------------------------------------------------
short_text = st.text(max_size=30)
names = st.text(min_size=1, max_size=60).filter(
    lambda t: t.strip() and all(c.isprintable() or c == " " for c in t))


@st.composite
def check_records(draw, key):
    correct = draw(st.booleans())
    first = correct and draw(st.booleans())
    return {"key": key, "kind": "check", "answer": draw(short_text), "tries": draw(st.integers(int(correct), 50)),
            "correct": correct, "first": first, "wrong": draw(st.lists(short_text, max_size=5))}


@st.composite
def game_records(draw, key):
    game = draw(st.sampled_from(["dice", "fifteens", "game_of_15"]))
    if game == "dice":
        fields = {"seed": draw(st.integers(0, 10**9)), "boards": draw(st.integers(1, 10)),
                  "score": draw(st.integers(0, 300)), "computer": draw(st.integers(0, 300)),
                  "policy": draw(st.none() | st.sampled_from(["optimal", "greedy", "my own"]))}
    elif game == "fifteens":
        deals = draw(st.integers(1, 1000))
        fields = {"seed": draw(st.integers(0, 10**6)), "strategy": draw(st.sampled_from(["fewest", "most", "x1"])),
                  "deals": deals, "wins": draw(st.integers(0, deals))}
    else:
        fields = draw(st.dictionaries(st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True),
                                      st.none() | st.booleans() | st.integers(-10**12, 10**12)
                                      | st.text(max_size=40), max_size=4))
    return {"key": key, "kind": "game", "game": game, **fields}


@st.composite
def pupil_results(draw):
    lesson = draw(st.sampled_from(["00", "04", "05", "99"]))
    numbers = st.lists(st.integers(1, 70), max_size=8, unique=True)
    records = []
    for n in draw(numbers):
        records.append({"key": f"{lesson}.p{n}", "kind": "prediction", "answer": draw(short_text),
                        "truth": draw(short_text)})
    for n in draw(numbers):
        records.append(draw(check_records(f"{lesson}.q{n}")))
    for n in draw(numbers):
        records.append({"key": f"{lesson}.w{n}", "kind": "why", "answer": draw(st.text(max_size=600))})
    for name in draw(st.lists(st.sampled_from(["game", "pool_fewest", "pool", "game2", "q07"]), max_size=3,
                              unique=True)):
        if name == "q07":
            records.append(draw(check_records(f"{lesson}.{name}")))
        else:
            records.append(draw(game_records(f"{lesson}.{name}")))
    order = draw(st.permutations(range(len(records))))
    return PupilResults(lesson, draw(names), tuple(records[i] for i in order))


def coded(results: PupilResults) -> PupilResults:
    """What a code keeps of ``results`` (see to_code's docstring), in the code's order."""
    def task_order(record):
        name = record["key"][3:]
        if name[0] in "pqw" and name[1:].isdigit() and str(int(name[1:])) == name[1:] and int(name[1:]) <= 63:
            return (0, "pqw".index(name[0]), int(name[1:]))
        return (1, 0, 0)

    out = []
    for record in sorted(results.records, key=task_order):  # sorted is stable: the rest keep their order
        record = dict(record)
        if record["kind"] == "prediction":
            record.update(answer=record["answer"][:30], truth="")
        elif record["kind"] == "why":
            record["answer"] = ""
        elif record["kind"] == "check":
            record["wrong"] = [w[:30] for w in record["wrong"]]
            record["answer"] = "" if record["correct"] else record["answer"][:30]
        out.append(record)
    return PupilResults(results.lesson, results.pupil, tuple(out))


def body(code: str) -> str:
    return code[len(CODE_PREFIX):].replace("-", "")


def grouped(chars: str) -> str:
    return CODE_PREFIX + "-".join(chars[i:i + 5] for i in range(0, len(chars), 5))


SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# -- round trips -----------------------------------------------------------------------------------------------
@SETTINGS
@given(pupil_results())
def test_the_file_gives_back_exactly_the_results(results):
    text = to_json(results)
    assert from_json(text) == results
    assert from_json(text.encode("utf-8")) == results
    assert json.loads(text)["format"] == FILE_FORMAT


@SETTINGS
@given(pupil_results())
def test_the_code_gives_back_what_it_keeps(results):
    code = to_code(results)
    assert code.startswith(CODE_PREFIX)
    assert set(body(code)) <= set(ALPHABET)
    groups = code[len(CODE_PREFIX):].split("-")
    assert all(len(g) == 5 for g in groups[:-1]) and 1 <= len(groups[-1]) <= 5
    assert from_code(code) == coded(results)
    assert to_code(coded(results)) == code  # nothing else is kept


@SETTINGS
@given(pupil_results(), st.data())
def test_the_code_forgives_case_spaces_and_look_alikes(results, data):
    code = to_code(results)
    chars = body(code)
    typed = chars.replace("1", data.draw(st.sampled_from("1IiLl"))).replace("0", data.draw(st.sampled_from("0Oo")))
    typed = typed.replace("V", data.draw(st.sampled_from("VvUu")))
    cuts = sorted(data.draw(st.lists(st.integers(1, len(typed) - 1), max_size=8, unique=True)))
    spaced = " ".join(typed[i:j] for i, j in zip([0, *cuts], [*cuts, len(typed)], strict=True)).lower()
    prefix = data.draw(st.sampled_from(["", "F15-", "f15 ", " F15 - "]))
    assert from_code(prefix + spaced) == coded(results)


# -- mistakes caught -------------------------------------------------------------------------------------------
@SETTINGS
@given(pupil_results(), st.data())
def test_any_single_mistyped_character_is_caught(results, data):
    chars = body(to_code(results))
    place = data.draw(st.integers(0, len(chars) - 1))
    other = data.draw(st.sampled_from([c for c in ALPHABET if c != chars[place]]))
    with pytest.raises(NotationError, match="check fails"):
        from_code(grouped(chars[:place] + other + chars[place + 1:]))


@SETTINGS
@given(pupil_results(), st.data())
def test_any_swap_of_two_neighbours_is_caught(results, data):
    chars = body(to_code(results))
    place = data.draw(st.integers(0, len(chars) - 2))
    assume(chars[place] != chars[place + 1])
    swapped = chars[:place] + chars[place + 1] + chars[place] + chars[place + 2:]
    with pytest.raises(NotationError, match="check fails"):
        from_code(grouped(swapped))


def test_every_single_mistype_of_a_lesson_code_is_caught_and_mostly_located():
    results = results_samples.pupil_results("04", "Ana and Ben", 0.8, 1)
    chars = body(to_code(results))
    located = 0
    for place in range(len(chars)):
        wrong = ALPHABET[(ALPHABET.index(chars[place]) + 7) % 32]
        with pytest.raises(NotationError, match="check fails") as caught:
            from_code(grouped(chars[:place] + wrong + chars[place + 1:]))
        located += f"group {place // 5 + 1} (" in str(caught.value)
    assert located >= 0.8 * len(chars)


def test_a_dropped_or_extra_character_names_its_group():
    code = to_code(results_samples.pupil_results("04", "Chloe", 0.55, 2))
    groups = code[len(CODE_PREFIX):].split("-")
    short = "-".join([*groups[:2], groups[2][:4], *groups[3:]])
    with pytest.raises(NotationError, match=r"group 3 \(\w{4}\) has 4 characters"):
        from_code(short)
    with pytest.raises(NotationError, match=r"group 2 has '\*' at place 3"):
        from_code("-".join([groups[0], groups[1][:2] + "*" + groups[1][3:], *groups[2:]]))


@SETTINGS
@given(st.text(max_size=300))
def test_garbage_codes_raise_the_kits_error(text):
    with contextlib.suppress(NotationError):
        from_code(text)


@SETTINGS
@given(st.text(alphabet=ALPHABET, min_size=6, max_size=120))
def test_codes_of_valid_characters_that_pass_no_check_or_hold_nothing_are_refused(chars):
    try:
        result = from_code(chars)
    except NotationError:
        return
    assert isinstance(result, PupilResults)  # a rare string that is a real code: it must be a valid result


@SETTINGS
@given(st.text(alphabet=ALPHABET, min_size=4, max_size=100))
def test_a_right_check_on_random_characters_gives_results_or_the_kits_error(chars):
    from fifteen_kit import results as module
    digits = [ALPHABET.index(c) for c in chars]
    check = module._check_value(digits)
    try:
        result = from_code(chars + "".join(ALPHABET[d] for d in module._check_digits(check)))
    except NotationError as exc:
        assert "holds no results" in str(exc)
        return
    assert isinstance(result, PupilResults)


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                                       max_size=4), max_leaves=20)


@SETTINGS
@given(st.text(max_size=200) | st.binary(max_size=200))
def test_garbage_files_raise_the_kits_error(text):
    with pytest.raises(InvalidArgumentError):
        from_json(text)


@SETTINGS
@given(json_values, json_values, json_values)
def test_files_with_garbage_inside_raise_the_kits_error(lesson, pupil, records):
    text = json.dumps({"format": FILE_FORMAT, "version": 1, "lesson": lesson, "pupil": pupil, "records": records})
    with contextlib.suppress(FifteenKitError):
        from_json(text)


@SETTINGS
@given(json_values)
def test_garbage_records_raise_the_kits_error_naming_the_record(record):
    with pytest.raises(InvalidArgumentError, match="record 2"):
        PupilResults("04", "Ana", ({"key": "04.w1", "kind": "why", "answer": ""}, record))


# -- the record format -----------------------------------------------------------------------------------------
GOOD = {"key": "04.q1", "kind": "check", "answer": "1/6", "tries": 1, "correct": True, "first": True, "wrong": []}


@pytest.mark.parametrize(("change", "message"), [
    ({"key": "05.q1"}, "belongs to lesson 05"),
    ({"key": "04.Q1"}, "the key must be"),
    ({"kind": "prediction"}, "names a check, not a prediction"),
    ({"tries": 0}, "at least one try"),
    ({"correct": False}, "'first'"),
    ({"wrong": ["a"] * 6}, "at most 5"),
    ({"answer": "x" * 201}, "at most 200"),
    ({"extra": 1}, "no field 'extra'"),
    ({"tries": True}, "tries"),
])
def test_bad_records_name_the_record_and_the_problem(change, message):
    with pytest.raises(InvalidArgumentError, match=message) as caught:
        PupilResults("04", "Ana", (GOOD, {**GOOD, "key": "04.q2", **change}))
    assert str(caught.value).startswith("record 2")


def test_bad_results():
    with pytest.raises(InvalidArgumentError, match=r"record 2 repeats the key 04\.q1"):
        PupilResults("04", "Ana", (GOOD, GOOD))
    with pytest.raises(InvalidArgumentError, match="two digits"):
        PupilResults("4", "Ana", ())
    with pytest.raises(InvalidArgumentError, match="pupil"):
        PupilResults("04", "   ", ())
    with pytest.raises(InvalidArgumentError, match="needs the field 'wins'"):
        PupilResults("05", "A", ({"key": "05.pool", "kind": "game", "game": "fifteens", "seed": 1,
                                  "strategy": "most", "deals": 3},))
    with pytest.raises(InvalidArgumentError, match="wins"):
        PupilResults("05", "A", ({"key": "05.pool", "kind": "game", "game": "fifteens", "seed": 1,
                                  "strategy": "most", "deals": 3, "wins": 4},))
    with pytest.raises(InvalidArgumentError, match="version 2"):
        from_json(json.dumps({"format": FILE_FORMAT, "version": 2, "lesson": "04", "pupil": "A", "records": []}))


def test_records_are_copies():
    record = dict(GOOD)
    results = PupilResults("04", "Ana", (record,))
    record["answer"] = "changed"
    assert results.records[0]["answer"] == "1/6"
    assert results.record("04.q1") == GOOD and results.keys() == ("04.q1",)


def test_file_names():
    assert results_file_name(PupilResults("05", "Zoë & Ömer", ())) == "results-05-zoe-omer.json"
    assert results_file_name(PupilResults("05", "★", ())) == "results-05-pupil.json"
    assert set(results_file_name(PupilResults("05", string.punctuation + "a", ()))) <= set(
        string.ascii_lowercase + string.digits + "-.")


# -- the sample files and the length of a lesson's code --------------------------------------------------------
def test_the_shipped_samples_are_what_the_helper_writes():
    files = results_samples.expected_files()
    shipped = {p.name: p.read_text() for p in results_samples.SAMPLES.iterdir() if p.is_file()}
    assert shipped == files


def test_a_lesson_code_is_short():
    # lesson 04: 16 predictions, 5 exercises, 3 why questions and a game of 10 boards
    for pupil in results_samples.PUPILS["04"]:
        results = results_samples.pupil_results("04", *pupil)
        assert len(results.records) == 25
        assert len(body(to_code(results))) <= 150  # 30 groups
