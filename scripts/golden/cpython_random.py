#!/usr/bin/env python3
"""Golden values for labs/core/rng.ts: CPython's own random.Random (stdlib, the reference the
book's kits use). Run with Debian's python3 (3.11):
    /usr/bin/python3 scripts/golden/cpython_random.py > tests/golden/cpython_random.json
"""
import json
import random
import sys

out = {"python_version": sys.version.split()[0], "uint32": [], "getrandbits": [], "randrange": [], "random": []}

for seed in [0, 1, 13, -13, 2**32 - 1, 2**32, 2**32 + 5, 2**53 - 1]:
    rng = random.Random(seed)
    # 1300 draws crosses two refreshes of the 624-word state
    values = [rng.getrandbits(32) for _ in range(1300)]
    out["uint32"].append({"seed": seed, "first": values[:10], "at_623_625": values[623:626], "last": values[-3:], "sum": sum(values)})

rng = random.Random(2024)
seq = []
for k in [0, 1, 3, 7, 31, 32, 33, 40, 52, 53, 1, 32]:
    seq.append({"k": k, "value": rng.getrandbits(k)})
out["getrandbits"].append({"seed": 2024, "sequence": seq})

for seed, n, count in [(13, 5, 50), (7, 1, 20), (7, 2, 40), (99, 100000, 30), (5, 2**32 + 1, 20), (5, 2**40 + 17, 20), (11, 2**53 - 1, 10)]:
    rng = random.Random(seed)
    draws = [rng.randrange(n) for _ in range(count)]
    # the next raw word shows how many words the rejection loop consumed
    out["randrange"].append({"seed": seed, "n": n, "draws": draws, "next_uint32": rng.getrandbits(32)})

for seed in [0, 13, 2**40]:
    rng = random.Random(seed)
    out["random"].append({"seed": seed, "values": [rng.random() for _ in range(8)]})

print(json.dumps(out, indent=1))
