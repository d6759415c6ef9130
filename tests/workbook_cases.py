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
# --- lesson 06 ---
