#!/usr/bin/env python3
"""Golden values for labs/core/{wilson,mcnemar,bootstrap}.ts, computed by statsmodels / scipy / numpy.
Run with Debian's python3 (python3-statsmodels):
    /usr/bin/python3 scripts/golden/stats_statsmodels.py > tests/golden/stats_statsmodels.json
"""
import json

import numpy as np
import scipy
import statsmodels
from scipy import stats
from statsmodels.stats.contingency_tables import mcnemar
from statsmodels.stats.proportion import binom_test, proportion_confint

out = {
    "versions": {"statsmodels": statsmodels.__version__, "scipy": scipy.__version__, "numpy": np.__version__},
    "wilson": [],
    "binom_test_two_sided_half": [],
    "mcnemar": [],
    "chi2_sf_df1": [],
    "norm_isf": [],
    "percentile_linear": [],
}

for count, nobs, alpha in [
    (0, 1, 0.05), (1, 1, 0.05), (0, 5, 0.05), (3, 5, 0.05), (4, 5, 0.05), (5, 5, 0.05),
    (7, 8, 0.05), (50, 100, 0.05), (1, 1000, 0.05), (999, 1000, 0.05), (12345, 100000, 0.05),
    (3, 5, 0.1), (3, 5, 0.01), (17, 40, 0.2), (2, 9, 0.001),
]:
    lo, hi = proportion_confint(count, nobs, alpha=alpha, method="wilson")
    out["wilson"].append({"count": count, "nobs": nobs, "alpha": alpha, "low": float(lo), "high": float(hi)})

for k, n in [(0, 1), (1, 1), (0, 2), (1, 2), (1, 3), (2, 3), (0, 10), (3, 10), (5, 10), (7, 10),
             (10, 30), (40, 100), (60, 100), (480, 1000), (4800, 10000), (4950, 10000), (24900, 50000)]:
    out["binom_test_two_sided_half"].append({"k": k, "n": n, "pvalue": float(binom_test(k, n, prop=0.5, alternative="two-sided"))})

for b, c in [(2, 1), (1, 2), (1, 1), (1, 0), (0, 1), (3, 0), (5, 5), (10, 2), (2, 10), (25, 10),
             (40, 60), (100, 150), (500, 560), (3000, 3150)]:
    table = [[0, b], [c, 0]]
    ex = mcnemar(table, exact=True)
    cc = mcnemar(table, exact=False, correction=True)
    out["mcnemar"].append({
        "b": b, "c": c,
        "exact_statistic": float(ex.statistic), "exact_pvalue": float(ex.pvalue),
        "chi2_continuity_statistic": float(cc.statistic), "chi2_continuity_pvalue": float(cc.pvalue),
    })

for x in [0.0, 1e-12, 1e-6, 0.01, 0.1, 0.5, 1.0, 2.0, 3.841458820694124, 5.0, 10.0, 20.0, 50.0, 100.0, 300.0]:
    out["chi2_sf_df1"].append({"x": x, "sf": float(stats.chi2.sf(x, 1))})

for q in [0.5, 0.25, 0.1, 0.05, 0.025, 0.01, 0.005, 0.0005, 1e-6, 1e-10, 0.75, 0.975, 0.9999]:
    out["norm_isf"].append({"q": q, "z": float(stats.norm.isf(q))})

rs = np.random.RandomState(0)
arrays = [
    [1.0], [3.0, 1.0], [0.0, 1.0, 2.0, 3.0, 4.0],
    [float(v) for v in rs.normal(size=17)],
    [float(v) for v in rs.randint(0, 9, size=2000) / 9.0],
]
for arr in arrays:
    qs = [0.0, 0.025, 0.1, 0.5, 0.9, 0.975, 1.0]
    vals = np.quantile(np.array(arr), qs, method="linear")
    out["percentile_linear"].append({"values": arr, "q": qs, "percentile": [float(v) for v in vals]})

print(json.dumps(out, indent=1))
