"""For every lesson exercise: answers that must be accepted, and wrong answers with the message they must get.

``CASES[key] = {"right": [text, ...], "wrong": [(text, fragment of the message), ...]}``.  Every accepted
rendering of the kit's answer is checked too (tests/test_workbook.py).  Each lesson keeps its rows in its section.
"""

CASES: dict[str, dict[str, list]] = {}

# --- lesson 00 ---
# --- lesson 01 ---
# --- lesson 02 ---
# --- lesson 03 ---
# --- lesson 04 ---
# --- lesson 05 ---
CASES["05.q1"] = {"right": ["38", "38.", " '38' "],
                  "wrong": [("48", "choose 2 of the four sevens"), ("3", "rank pairs"),
                            ("44", "ordered pairs of sevens"), ("76", "twice"), ("32", "not yet")]}
CASES["05.q2"] = {"right": ["512", "512."],
                  "wrong": [("8", "right number of rank sets"), ("612", "repeated rank"), ("64", "one rank set"),
                            ("13", "also with repeats")]}
CASES["05.q3"] = {"right": ["cannot tell from this study", "Cannot tell.", "cannot", "can"],
                  "wrong": [("fewest is better", "overlap"), ("options", "which bar is higher"),
                            ("both", "pick one of")]}
CASES["05.q4"] = {"right": ["256", "256."],
                  "wrong": [("16", "4 + 4"), ("4", "four-of-a-kind"), ("24", "orders"), ("1", "count the suits")]}
# --- lesson 06 ---
CASES["06.q1"] = {"right": ["68", "68.", " 68 "],
                  "wrong": [("110", "full table"), ("67", "orders of the four 1s"), ("62", "gaps are cells too"),
                            ("52", "number of tiles")]}
CASES["06.q2"] = {"right": ["11", "eleven", "11."],
                  "wrong": [("10", "count the start"), ("21", "counts moves"), ("12", "not yet")]}
CASES["06.q3"] = {"right": ["B3", "b3", "blue 3", "B-3", "'B3'."],
                  "wrong": [("O2", "O2 stays"), ("B2", "B2 stays"), ("O3", "not part of a finished start"),
                            ("83", "colour letter"), ("G2", "not yet")]}
