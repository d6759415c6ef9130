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
CASES["04.q1"] = {"right": ["5/18", "0.278", "10/36", "60/216", "27.8%", "0,278", " '5/18'. "],
                  "wrong": [("13/18", "at least one die is valid"), ("1/36", "all three are valid"),
                            ("2", "added the three chances"), ("0.28", "3 decimal places"),
                            ("0.277", "round the last digit"), ("1/6", "not yet")]}
CASES["04.q2"] = {"right": ["50/3", "16.67", "16.667", "100/6", "16,67", "16 2/3"],
                  "wrong": [("9", "forgot to double"), ("46/3", "a bust is not 0"), ("15.33", "a bust is not 0"),
                            ("58/3", "weigh the bust"), ("16.7", "2 decimal places"), ("16.66", "round the last digit"),
                            ("14", "not yet")]}
CASES["04.q3"] = {"right": ["8/3", "2.67", "2.667", "16/6", "2 2/3"],
                  "wrong": [("23/3", "bonus of 5"), ("7.67", "bonus of 5"), ("4/3", "a bust scores 4"),
                            ("2.7", "2 decimal places"), ("2.66", "round the last digit")]}
CASES["04.q4"] = {"right": ["17/6", "2.83", "2.833", "34/12", "102/36", "2 5/6"],
                  "wrong": [("7/6", "left out the bust"), ("1.17", "left out the bust"), ("5/3", "only the bust"),
                            ("2.5", "not equally likely"), ("5/2", "weigh each score"), ("2.8", "2 decimal places")]}
CASES["04.q5"] = {"right": ["46/3", "15.33", "92/6", "15.333", "15 1/3"],
                  "wrong": [("50/3", "normal game"), ("16.67", "normal game"), ("23/3", "double the score"),
                            ("15.3", "2 decimal places"), ("14", "not yet")]}
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
