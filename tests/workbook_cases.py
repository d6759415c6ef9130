"""For every lesson exercise: answers that must be accepted, and wrong answers with the message they must get.

``CASES[key] = {"right": [text, ...], "wrong": [(text, fragment of the message), ...]}``.  Every accepted
rendering of the kit's answer is checked too (tests/test_workbook.py).  Each lesson keeps its rows in its section.
"""

CASES: dict[str, dict[str, list]] = {}

# --- lesson 00 ---
CASES["00.q1"] = {
    "right": ["2 4 9", "9 2 4", "2, 4 and 9", "{2, 4, 9}", "249."],
    "wrong": [("4", "the whole line"), ("2 5 8", "Ivory's 5"), ("2 6 7", "only one of those"), ("2 9", "missing"),
              ("2 4 9 5", "do not belong"), ("x", "type digits only")],
}
# --- lesson 01 ---
CASES["01.q1"] = {
    "right": ["4 9 2", "492", "4, 9, 2", "(4, 9, 2)", "4,9,2."],
    "wrong": [("2 9 4", "left to right"), ("6 1 8", "a = 8 and c = 6"), ("9 4 2", "wrong order"),
              ("4 9 3", "not yet"), ("g h i", "type digits only")],
}
CASES["01.q2"] = {
    "right": ["18", "18.", "18.0", "eighteen", " 18 "],
    "wrong": [("15", "1 to 9"), ("54", "three rows share"), ("16", "a line has three numbers"), ("17", "not yet"),
              ("x", "")],
}
CASES["01.q3"] = {
    "right": ["3 5 7 9", "9753", "3, 5, 7 and 9", "{3,5,7,9}", "7 3 9 5"],
    "wrong": [("2 4 6 8", "one bigger"), ("3 5 7", "missing"), ("3 5 7 9 6", "do not belong"),
              ("4 6 8 10", "single digit"), ("1 3 7 9", "not yet")],
}
CASES["01.q4"] = {
    "right": ["bottom middle", "Bottom Middle", "bottom middle.", "'bottom middle'", "  bottom  middle "],
    "wrong": [("bottom left", "holds 6"), ("bottom right", "holds 8"), ("centre", "holds 5"),
              ("top middle", "not yet"), ("middle", "pick one of")],
}
# --- lesson 02 ---
# --- lesson 03 ---
# --- lesson 04 ---
# --- lesson 05 ---
# --- lesson 06 ---
