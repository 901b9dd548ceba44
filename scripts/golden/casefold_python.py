"""Golden values for full Unicode case folding (labs/core/stats/text/casefold.ts).

Run with Debian's Python:
    /usr/bin/python3 scripts/golden/casefold_python.py > tests/golden/casefold_python.json

Python's str.casefold() implements Unicode full case folding (CaseFolding.txt, statuses C + F).
Output:
  unicode_version   the Unicode version of this Python's unicodedata
  special           code point -> casefold, where casefold differs from str.lower()
                    (the table labs/core/stats/text/casefold.ts keeps; everything else folds like lowercase)
  folded            code point -> casefold, for every code point whose casefold is not itself
  unassigned        [start, end] ranges of code points unassigned (category Cn) in that version
All code points are decimal integers (as strings for the object keys).
"""
import json
import sys
import unicodedata

special, folded, unassigned = {}, {}, []
start = None
for cp in range(0x110000):
    if 0xD800 <= cp < 0xE000:
        continue
    ch = chr(cp)
    f = ch.casefold()
    if f != ch:
        folded[str(cp)] = f
    if f != ch.lower():
        special[str(cp)] = f
    if unicodedata.category(ch) == "Cn":
        if start is None:
            start = cp
        prev = cp
    elif start is not None:
        unassigned.append([start, prev])
        start = None
if start is not None:
    unassigned.append([start, prev])

json.dump({"unicode_version": unicodedata.unidata_version, "special": special, "folded": folded,
           "unassigned": unassigned}, sys.stdout, ensure_ascii=False, separators=(",", ":"))
sys.stdout.write("\n")
