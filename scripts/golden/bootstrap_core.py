"""Golden values for labs/core/stats/bootstrap.ts (bootstrapMeans, bootstrapMeanInterval) and
labs/core/stats/agreement_bootstrap.ts (bootstrapBinaryAgreement), from CPython's random.Random,
numpy and scikit-learn.

Run with Debian's Python (numpy and scikit-learn installed), from the repository root:
    /usr/bin/python3 scripts/golden/bootstrap_core.py > tests/golden/bootstrap_core.json

  - mean: each round draws [rng.randrange(n) for _ in range(n)] with rng = random.Random(seed)
    (the book's kits) and takes the mean of the drawn values; the interval is
    numpy.quantile(means, [0.025, 0.975], method='linear');
  - agreement: the same draws shared by two raters against one reference (the c04 kit's pass
    labels: v1 and v2); per round, sklearn.metrics.cohen_kappa_score(ref, rater, labels=[0, 1])
    (nan written as null), TPR and TNR of the rater (null without reference positives/negatives).
    One case of v1 is marked unusable (left out of every round's table), as an unreadable output.
"""
import json
import math
import random

import numpy as np
from sklearn.metrics import cohen_kappa_score


def clean(x):
    return None if x is None or (isinstance(x, float) and math.isnan(x)) else float(x)


out = {}

values = [0.2, 0.5, 0.9, 1.0, 0.0, 0.75, 0.3, 0.65]
rng = random.Random(7)
means = []
for _ in range(500):
    idx = [rng.randrange(len(values)) for _ in range(len(values))]
    means.append(sum(values[i] for i in idx) / len(values))
out["mean"] = {
    "values": values,
    "seed": 7,
    "rounds": 500,
    "first_means": means[:5],
    "low": float(np.quantile(means, 0.025, method="linear")),
    "high": float(np.quantile(means, 0.975, method="linear")),
}

ref = [1, 0, 1, 0, 0, 0]
raters = {"v1": [1, 1, 1, 1, 1, 0], "v2": [1, 0, 1, 0, 0, 0]}
unusable = {"v1": {3}, "v2": set()}
rng = random.Random(13)
rounds = 300
res = {k: {"kappa": [], "tpr": [], "tnr": []} for k in raters}
with np.errstate(all="ignore"):
    for _ in range(rounds):
        idx = [rng.randrange(6) for _ in range(6)]
        for k, rr in raters.items():
            use = [i for i in idx if i not in unusable[k]]
            h = [ref[i] for i in use]
            j = [rr[i] for i in use]
            import warnings

            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                kap = clean(cohen_kappa_score(h, j, labels=[0, 1])) if use else None
            pos = [jj for hh, jj in zip(h, j) if hh == 1]
            neg = [jj for hh, jj in zip(h, j) if hh == 0]
            res[k]["kappa"].append(kap)
            res[k]["tpr"].append(sum(pos) / len(pos) if pos else None)
            res[k]["tnr"].append(sum(1 - x for x in neg) / len(neg) if neg else None)
out["agreement"] = {"reference": ref, "raters": raters, "unusable": {k: sorted(v) for k, v in unusable.items()}, "seed": 13, "rounds": rounds, "rounds_values": res}
print(json.dumps(out, indent=1))
