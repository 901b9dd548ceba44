#!/usr/bin/env python3
"""Golden values for the exact McNemar power of labs/core/stats/power.ts and the gate planner
(labs/gate/planner.ts), computed independently with statsmodels and scipy: for each number of
discordant pairs m, the rejection region {b : mcnemar([[0, b], [m - b, 0]], exact=True).pvalue <= alpha}
comes from statsmodels' own exact McNemar test, and the power is the sum over m and b of
binom.pmf(m; n, d) * binom.pmf(b; m, p_b / d) over that region (scipy.stats.binom).
Run with Debian's python3 (python3-statsmodels):
    /usr/bin/python3 scripts/golden/power_statsmodels.py > tests/golden/power_statsmodels.json
"""
import json

import numpy as np
import scipy
import statsmodels
from scipy.stats import binom
from statsmodels.stats.contingency_tables import mcnemar

_regions = {}


def rejects(m, alpha):
    """Boolean array over b = 0..m: statsmodels' exact McNemar rejects at level alpha."""
    key = (m, alpha)
    if key not in _regions:
        _regions[key] = np.array([mcnemar([[0, b], [m - b, 0]], exact=True).pvalue <= alpha for b in range(m + 1)])
    return _regions[key]


def power(n, d, delta, alpha):
    pb = (d + delta) / 2
    q = pb / d
    total = 0.0
    pm = binom.pmf(np.arange(n + 1), n, d)
    for m in range(1, n + 1):
        if pm[m] < 1e-300:
            continue
        r = rejects(m, alpha)
        if not r.any():
            continue
        pbm = binom.pmf(np.arange(m + 1), m, q)
        total += pm[m] * pbm[r].sum()
    return float(total)


designs = [
    {"discordant": 0.25, "delta": 0.1, "alpha": 0.05, "ns": [6, 10, 20, 50, 120, 200]},
    {"discordant": 0.6, "delta": 0.2, "alpha": 0.05, "ns": [5, 30, 60, 100, 150]},
    {"discordant": 0.05, "delta": 0.05, "alpha": 0.05, "ns": [50, 120, 157, 200]},
    {"discordant": 0.4, "delta": 0.1, "alpha": 0.01, "ns": [40, 100, 250]},
    {"discordant": 1.0, "delta": 0.3, "alpha": 0.1, "ns": [8, 25, 60]},
    {"discordant": 0.3, "delta": -0.1, "alpha": 0.05, "ns": [30, 90]},
]
out = {"versions": {"statsmodels": statsmodels.__version__, "scipy": scipy.__version__, "numpy": np.__version__}, "mcnemar_power": [], "power_by_n": None}
for g in designs:
    for n in g["ns"]:
        out["mcnemar_power"].append({"discordant": g["discordant"], "delta": g["delta"], "alpha": g["alpha"], "n": n, "power": power(n, g["discordant"], g["delta"], g["alpha"])})

# Every n from 1 to 160 for one design (the planner's curve and its answer are checked against it).
g = {"discordant": 0.6, "delta": 0.2, "alpha": 0.05}
out["power_by_n"] = {**g, "power": [power(n, g["discordant"], g["delta"], g["alpha"]) for n in range(1, 161)]}
print(json.dumps(out, indent=1))
