"""For every lesson exercise: answers that must be accepted, and wrong answers with the message they must get.

``CASES[key] = {"right": [text, ...], "wrong": [(text, fragment of the message), ...]}``.  Every accepted
rendering of the kit's answer is checked too (tests/test_workbook.py).  Each lesson keeps its rows in its section.
"""

CASES: dict[str, dict[str, list]] = {}

# --- lesson 00 ---
# --- lesson 01 ---
# --- lesson 02 ---
CASES["02.q1"] = {"right": ["1440", "1,440", "1 440", "1440.", " 1440 "],
                  "wrong": [("8", "number of winning sets"), ("48", "first player's orders"),
                            ("240", "orders of the first player's"), ("720", "another game"), ("1441", "not yet"),
                            ("lots", "type a number")]}
CASES["02.q2"] = {"right": ["252", "252.0", "'252'"],
                  "wrong": [("504", "counts orders"), ("84", "who holds which"), ("756", "after four drafts"),
                            ("250", "not yet")]}
CASES["02.q3"] = {"right": ["4578", "8, 7, 5, 4", "{4,5,7,8}", "4 and 5 and 7 and 8", "4-5-7-8."],
                  "wrong": [("5689", "replies to 1"), ("5", "answer to a corner"), ("2468", "replies to the centre"),
                            ("458", "missing"), ("45789", "do not belong")]}
CASES["02.q4"] = {"right": ["2, 4", "42", "2 and 4", "{2, 4}"],
                  "wrong": [("2", "missing"), ("3", "does not make 15"), ("1", "already taken"),
                            ("234", "do not belong")]}
CASES["02.q5"] = {"right": ["2, 6", "62", "2 and 6."],
                  "wrong": [("5", "one threat"), ("9", "no threat"), ("6", "missing"), ("3", "already taken")]}
CASES["02.q6"] = {"right": ["2, 5", "52", "2 5"],
                  "wrong": [("3", "cannot make a fork"), ("1", "no threat"), ("9", "already taken"),
                            ("25 6", "separate them"), ("256", "do not belong")]}
# --- lesson 03 ---
CASES["03.q1"] = {"right": ["18", "18.0", "18."],
                  "wrong": [("8", "sets of three digits"), ("17", "count for 15"), ("362", "counted orders"),
                            ("19", "not yet")]}
CASES["03.q2"] = {"right": ["19", "19.00", "'19'"],
                  "wrong": [("17", "count for 15"), ("18", "45 − 28"), ("7", "only the sets of three"),
                            ("20", "not yet")]}
CASES["03.q3"] = {"right": ["256", "256.0", "256."],
                  "wrong": [("255", "empty set"), ("512", "every subset"), ("233", "sum 22 itself"),
                            ("half", "type a number")]}
CASES["03.q4"] = {"right": ["140", "140.0", "140."],
                  "wrong": [("11", "up to order"), ("364", "subtract them"), ("308", "each of the four dice"),
                            ("1666", "not yet")]}
CASES["03.q5"] = {"right": ["144", "144.0", "1,44e2"],
                  "wrong": [("16", "multiply"), ("576", "in order"), ("36", "four suits"), ("5", "not yet")]}
# --- lesson 04 ---
# --- lesson 05 ---
# --- lesson 06 ---
