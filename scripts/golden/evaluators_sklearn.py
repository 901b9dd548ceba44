"""Golden values for the evaluator lab (labs/evaluators) and its statistics in labs/core/stats.

Run with Debian's Python (scikit-learn installed), from the repository root:
    /usr/bin/python3 scripts/golden/evaluators_sklearn.py > tests/golden/evaluators_sklearn.json

Everything here is scikit-learn's own arithmetic on data written below or read from the lab's
committed presets (labs/evaluators/presets):
  - binary Cohen's kappa: sklearn.metrics.cohen_kappa_score(a, b, labels=[0, 1]) and
    confusion_matrix(a, b, labels=[0, 1]) (rows a, columns b); nan (p_e = 1) is written as null;
  - quadratic weighted kappa on a DECLARED scale: cohen_kappa_score(..., labels=scale,
    weights='quadratic');
  - the c04 kit: the pass kappa of each evaluator against the human pass labels;
  - the ordinal preset: QWK and mean_absolute_error on the held-out split, before and after the
    quantile map written by hand below (HAND_MAP, with its derivation);
  - the construct preset: kappa of the judge against the human labels under each definition;
  - the kit preset's bootstrap, redone here with CPython's random.Random (the lab reproduces its
    draws): 1000 rounds, seed 13, each round [rng.randrange(6) for _ in range(6)] shared by both
    evaluators (paired); kappa by cohen_kappa_score on the resampled cases (nan = undefined round);
    numpy.quantile(method='linear') at 0.025/0.975 of the defined rounds; and the corrected pass
    rate of the production preset: per round, the judged passes of the 200 production runs
    resampled with replacement, i.e. one Binomial(200, 160/200) draw, by inversion from the mode
    with random.Random(14).random() (binomial_draw below: Kemp's modal method, written here from
    the method's description), Rogan-Gladen with the round's TPR/TNR (undefined when a class is
    missing or TPR + TNR <= 1), truncated to [0, 1]. scipy.stats.binom checks the sampler's
    distribution (binomial_check).
"""
import json
import math
import sys
import warnings
from pathlib import Path

import random

import numpy as np
import sklearn
from sklearn.metrics import cohen_kappa_score, confusion_matrix, mean_absolute_error

warnings.simplefilter("ignore")
PRESETS = Path(__file__).resolve().parents[2] / "labs" / "evaluators" / "presets"


def clean(x):
    x = float(x)
    return None if math.isnan(x) else x


BINARY = [
    # The c04 kit's v1 judge against the human pass labels: 2/11.
    {"name": "kit_v1_pass", "a": [1, 0, 1, 0, 0, 0], "b": [1, 1, 1, 1, 1, 0]},
    # A single label used by both raters: p_e = 1, kappa is nan.
    {"name": "single_label_both_1", "a": [1, 1, 1, 1], "b": [1, 1, 1, 1]},
    {"name": "single_label_both_0", "a": [0, 0, 0], "b": [0, 0, 0]},
    # One rater constant, the other not: p_e < 1, kappa = 0.
    {"name": "one_rater_constant", "a": [1, 1, 1, 1, 1], "b": [1, 0, 1, 1, 0]},
    # Each rater constant on a different label: p_o = 0, p_e = 0, kappa = 0.
    {"name": "constant_different", "a": [1, 1, 1], "b": [0, 0, 0]},
    # Perfect agreement with both labels present.
    {"name": "perfect", "a": [1, 0, 1, 0, 0, 1, 1], "b": [1, 0, 1, 0, 0, 1, 1]},
    # Systematic disagreement: every label flipped, kappa = -1.
    {"name": "systematic_disagreement", "a": [1, 0, 1, 0, 1, 0], "b": [0, 1, 0, 1, 0, 1]},
    # Uneven, larger sample.
    {"name": "uneven", "a": [1, 1, 0, 1, 0, 0, 1, 1, 1, 0, 1, 1, 0, 1], "b": [1, 0, 0, 1, 0, 1, 1, 1, 1, 0, 1, 0, 0, 1]},
]

QWK = [
    # Declared 1-5 scale with 1 and 5 absent from the data.
    {"name": "absent_ends", "scale": [1, 2, 3, 4, 5], "a": [2, 3, 3, 4, 2, 4, 3], "b": [2, 3, 4, 4, 3, 3, 3]},
    # The same data on the scale inferred from it (2..4): absent ENDS leave the index distances
    # unchanged, so the value is the same.
    {"name": "absent_ends_inferred", "scale": [2, 3, 4], "a": [2, 3, 3, 4, 2, 4, 3], "b": [2, 3, 4, 4, 3, 3, 3]},
    # Declared 1-5 scale with 3 absent in the middle ...
    {"name": "absent_middle", "scale": [1, 2, 3, 4, 5], "a": [1, 2, 4, 5, 2, 4, 1, 5], "b": [2, 2, 4, 4, 1, 5, 2, 4]},
    # ... and on the scale inferred from the data (1, 2, 4, 5): 2 and 4 become neighbours, the value changes.
    {"name": "absent_middle_inferred", "scale": [1, 2, 4, 5], "a": [1, 2, 4, 5, 2, 4, 1, 5], "b": [2, 2, 4, 4, 1, 5, 2, 4]},
    {"name": "perfect", "scale": [1, 2, 3, 4, 5], "a": [1, 2, 3, 4, 5, 3], "b": [1, 2, 3, 4, 5, 3]},
    # Systematic disagreement: the judge reverses the scale.
    {"name": "reversed", "scale": [1, 2, 3, 4, 5], "a": [1, 2, 3, 4, 5], "b": [5, 4, 3, 2, 1]},
    # A single label for both raters: nan.
    {"name": "single_label", "scale": [1, 2, 3, 4, 5], "a": [4, 4, 4], "b": [4, 4, 4]},
    # A lenient judge: one step above the human almost everywhere.
    {"name": "lenient_shift", "scale": [1, 2, 3, 4, 5], "a": [1, 2, 3, 4, 5, 2, 3, 1], "b": [2, 3, 4, 5, 5, 3, 4, 2]},
]

# The ordinal preset's quantile map, by hand, on its calibration split (12 pairs).
# Judge scores: 2 x1, 3 x2, 4 x4, 5 x5 -> #{j <= s}: s=1: 0, 2: 1, 3: 3, 4: 7, 5: 12.
# Human scores: 1 x2, 2 x2, 3 x3, 4 x3, 5 x2 -> #{h <= h'}: 1: 2, 2: 4, 3: 7, 4: 10, 5: 12.
# map(s) = smallest observed human score h' with #{h <= h'} >= #{j <= s}:
#   s=1: 0 -> 1;  s=2: 1 -> 1;  s=3: 3 -> 2 (2 < 3 <= 4);  s=4: 7 -> 3 (7 >= 7);  s=5: 12 -> 5.
HAND_MAP = {1: 1, 2: 1, 3: 2, 4: 3, 5: 5}

out = {"sklearn_version": sklearn.__version__, "binary": [], "qwk": []}
for c in BINARY:
    r = dict(c)
    r["confusion_matrix"] = confusion_matrix(c["a"], c["b"], labels=[0, 1]).tolist()
    r["kappa"] = clean(cohen_kappa_score(c["a"], c["b"], labels=[0, 1]))
    out["binary"].append(r)
for c in QWK:
    r = dict(c)
    r["qwk"] = clean(cohen_kappa_score(c["a"], c["b"], labels=c["scale"], weights="quadratic"))
    r["kappa"] = clean(cohen_kappa_score(c["a"], c["b"], labels=c["scale"]))
    out["qwk"].append(r)

# The c04 kit: pass kappa per evaluator (human pass vs the evaluator's own pass).
cases = json.loads((PRESETS / "evaluator_calibration_cases.json").read_text(encoding="utf-8"))
outputs = json.loads((PRESETS / "evaluator_outputs.json").read_text(encoding="utf-8"))
human = {c["case_id"]: c["human"] for c in cases}
out["kit"] = []
for ev in outputs:
    h = [human[r["case_id"]]["pass"] for r in ev["runs"]]
    j = [r["scores"]["pass"] for r in ev["runs"]]
    out["kit"].append({"evaluator_id": ev["evaluator_id"], "pass_kappa": clean(cohen_kappa_score(h, j, labels=[0, 1])),
                       "confusion_matrix": confusion_matrix(h, j, labels=[0, 1]).tolist()})

# The ordinal preset.
ordinal = json.loads((PRESETS / "evaluator_ordinal.json").read_text(encoding="utf-8"))
scale = ordinal["scale"]
held = [i for i in ordinal["items"] if i["split"] == "heldout"]
cal = [i for i in ordinal["items"] if i["split"] == "calibration"]
hh = [i["human"] for i in held]
jj = [i["judge"] for i in held]
mm = [HAND_MAP[j] for j in jj]
out["ordinal"] = {
    "hand_map": {str(k): v for k, v in HAND_MAP.items()},
    "heldout_n": len(held),
    "calibration_n": len(cal),
    "qwk_before": clean(cohen_kappa_score(hh, jj, labels=scale, weights="quadratic")),
    "qwk_after": clean(cohen_kappa_score(hh, mm, labels=scale, weights="quadratic")),
    "mae_before": float(mean_absolute_error(hh, jj)),
    "mae_after": float(mean_absolute_error(hh, mm)),
    "calibration_qwk_before": clean(cohen_kappa_score([i["human"] for i in cal], [i["judge"] for i in cal], labels=scale, weights="quadratic")),
}

# The construct preset.
construct = json.loads((PRESETS / "evaluator_construct.json").read_text(encoding="utf-8"))
judge = [i["judge"] for i in construct["items"]]
out["construct"] = {}
for d in construct["constructs"]:
    k = d["construct_id"]
    out["construct"][k] = clean(cohen_kappa_score([i["human"][k] for i in construct["items"]], judge, labels=construct["scale"]))

# The kit preset's paired bootstrap of the pass kappa, and the corrected pass rate.
h_pass = [human[r["case_id"]]["pass"] for r in outputs[0]["runs"]]
j_pass = {ev["evaluator_id"]: [r["scores"]["pass"] for r in ev["runs"]] for ev in outputs}
rng = random.Random(13)
ROUNDS = 1000
kappas = {k: [] for k in j_pass}
tpr_tnr = []
for _ in range(ROUNDS):
    idx = [rng.randrange(6) for _ in range(6)]
    hh_ = [h_pass[i] for i in idx]
    for k, jp in j_pass.items():
        kappas[k].append(clean(cohen_kappa_score(hh_, [jp[i] for i in idx], labels=[0, 1])))
    jv1 = [j_pass["evaluator_v1_generic"][i] for i in idx]
    pos = [j for h, j in zip(hh_, jv1) if h == 1]
    neg = [j for h, j in zip(hh_, jv1) if h == 0]
    tpr_tnr.append((sum(pos) / len(pos) if pos else None, sum(1 - j for j in neg) / len(neg) if neg else None))


def interval(values):
    d = [v for v in values if v is not None]
    und = len(values) - len(d)
    if not d or und / len(values) > 0.025 + 1e-12:
        return {"low": None, "high": None, "defined": len(d), "undefined": und}
    return {"low": float(np.quantile(d, 0.025, method="linear")), "high": float(np.quantile(d, 0.975, method="linear")), "defined": len(d), "undefined": und}


out["bootstrap_kappa"] = {k: interval(v) for k, v in kappas.items()}
def binomial_draw(rng, n, p):
    """Binomial(n, p) by inversion from the mode m = floor((n + 1) p): subtract f(m), f(m - 1),
    f(m + 1), f(m - 2), ... from one uniform and return where it drops below 0."""
    if p == 0 or n == 0:
        return 0
    if p == 1:
        return n
    q = 1 - p
    m = min(n, math.floor((n + 1) * p))
    pmf = lambda k: math.exp(math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1) + k * math.log(p) + (n - k) * math.log(q))
    u = rng.random() - pmf(m)
    if u < 0:
        return m
    lo, hi = m - 1, m + 1
    while lo >= 0 or hi <= n:
        if lo >= 0:
            u -= pmf(lo)
            if u < 0:
                return lo
            lo -= 1
        if hi <= n:
            u -= pmf(hi)
            if u < 0:
                return hi
            hi += 1
    return m


production = json.loads((PRESETS / "evaluator_production.json").read_text(encoding="utf-8"))
m, k_pass = production["runs"], production["judged_passes"]
prng = random.Random(14)
corrected = []
for r in range(ROUNDS):
    obs = binomial_draw(prng, m, k_pass / m) / m
    tpr, tnr = tpr_tnr[r]
    if tpr is None or tnr is None or tpr + tnr - 1 <= 0:
        corrected.append(None)
    else:
        corrected.append(min(1.0, max(0.0, (obs + tnr - 1) / (tpr + tnr - 1))))
out["corrected_pass_rate"] = interval(corrected)

# A larger labelled set where the corrected interval is defined: 40 cases in this order, human pass
# 1 for the first 20; the judge blocks cases 0 and 1 (TPR 18/20) and passes cases 20..23 (TNR 16/20);
# 500 production runs with 300 judged passes. Same resampling as above (seeds 13 and 14).
S_H = [1] * 20 + [0] * 20
S_J = [0 if i in (0, 1) else 1 for i in range(20)] + [1 if i in (20, 21, 22, 23) else 0 for i in range(20, 40)]
S_M, S_K = 500, 300
rng = random.Random(13)
s_kappa, s_rates = [], []
for _ in range(ROUNDS):
    idx = [rng.randrange(40) for _ in range(40)]
    hh_ = [S_H[i] for i in idx]
    jj_ = [S_J[i] for i in idx]
    s_kappa.append(clean(cohen_kappa_score(hh_, jj_, labels=[0, 1])))
    pos = [j for h, j in zip(hh_, jj_) if h == 1]
    neg = [j for h, j in zip(hh_, jj_) if h == 0]
    s_rates.append((sum(pos) / len(pos) if pos else None, sum(1 - j for j in neg) / len(neg) if neg else None))
prng = random.Random(14)
s_corr = []
for r in range(ROUNDS):
    obs = binomial_draw(prng, S_M, S_K / S_M) / S_M
    tpr, tnr = s_rates[r]
    s_corr.append(None if tpr is None or tnr is None or tpr + tnr - 1 <= 0 else min(1.0, max(0.0, (obs + tnr - 1) / (tpr + tnr - 1))))
out["synthetic"] = {
    "human_pass": S_H, "judge_pass": S_J, "production_runs": S_M, "production_passes": S_K,
    "kappa": clean(cohen_kappa_score(S_H, S_J, labels=[0, 1])),
    "kappa_interval": interval(s_kappa),
    "corrected_interval": interval(s_corr),
}

# The sampler's first draws, for bit-exact comparison, and its distribution against scipy.
from scipy.stats import binom
brng = random.Random(5)
out["binomial_draws"] = [{"n": n, "p": p, "draws": [binomial_draw(brng, n, p) for _ in range(20)]}
                         for n, p in [(1, 0.5), (10, 0.3), (200, 0.8), (500, 0.6), (100000, 0.6), (10**9, 0.001), (37, 0.999)]]
out["binomial_pmf"] = {"n": 30, "p": 0.35, "pmf": [float(binom.pmf(k, 30, 0.35)) for k in range(31)]}

json.dump(out, sys.stdout, indent=1)
sys.stdout.write("\n")
