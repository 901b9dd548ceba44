#!/usr/bin/env python3
"""Golden values for labs/core/stats/multiclass.ts and selective.ts: K-class calibration metrics,
temperature scaling, one-vs-rest isotonic, LAC/APS conformal sets and the risk-coverage curve.
scikit-learn gives the log loss, the accuracy and the isotonic fits; scipy the temperature; numpy
the binned ECEs, the Brier score, the conformal quantiles and AURC (written here from their
definitions, independently of the TypeScript). Run with Debian's python3:
    /usr/bin/python3 scripts/golden/multiclass_sklearn.py > tests/golden/multiclass_sklearn.json
"""
import json
import math

import numpy as np
import scipy
import sklearn
from scipy.optimize import minimize_scalar
from scipy.special import softmax
from sklearn.isotonic import IsotonicRegression
from sklearn.metrics import accuracy_score, log_loss

rng = np.random.default_rng(20261201)
K, N_CAL, N_EV, BINS, ALPHA = 4, 240, 260, 10, 0.1


def make(n):
    y = rng.integers(0, K, n)
    logits = rng.normal(0, 1, (n, K))
    logits[np.arange(n), y] += 1.6
    p = softmax(2.2 * logits, axis=1)  # over-confident on purpose
    p = np.round(p, 6)
    p[:, -1] = 1 - p[:, :-1].sum(axis=1)
    return np.clip(p, 0, 1), y


pc, yc = make(N_CAL)
pe, ye = make(N_EV)


def binned_gap(p, t, bins):
    b = np.clip(np.floor(p * bins).astype(int), 0, bins - 1)
    return float(sum(abs(t[b == i].sum() - p[b == i].sum()) for i in range(bins)) / len(p))


def metrics(p, y):
    pred = p.argmax(axis=1)
    conf = p.max(axis=1)
    onehot = np.eye(K)[y]
    return {
        "top_label_ece": binned_gap(conf, (pred == y).astype(float), BINS),
        "classwise_ece": float(np.mean([binned_gap(p[:, k], (y == k).astype(float), BINS) for k in range(K)])),
        "brier": float(np.mean(np.sum((p - onehot) ** 2, axis=1))),
        "log_loss": float(log_loss(y, p, labels=list(range(K)), eps=1e-15)),  # the labs clip at 1e-15 (MIN_LOG_LOSS_EPS)
        "accuracy": float(accuracy_score(y, pred)),
    }


def nll_at(log_t):
    q = softmax(np.log(np.maximum(pc, 1e-12)) / math.exp(log_t), axis=1)
    return -np.mean(np.log(np.maximum(q[np.arange(N_CAL), yc], 1e-12)))


t = minimize_scalar(nll_at, bounds=(math.log(0.01), math.log(100)), method="bounded", options={"xatol": 1e-10})
T = math.exp(t.x)

iso = np.zeros_like(pe)
for k in range(K):
    r = IsotonicRegression(y_min=0, y_max=1, out_of_bounds="clip").fit(pc[:, k], (yc == k).astype(float))
    iso[:, k] = r.predict(pe[:, k])
s = iso.sum(axis=1, keepdims=True)
iso = np.where(s > 0, iso / np.where(s > 0, s, 1), 1 / K)


def conformal(method):
    def score(p, y):
        if method == "lac":
            return 1 - p[np.arange(len(y)), y]
        out = []
        for i in range(len(y)):
            order = sorted(range(K), key=lambda k: (-p[i, k], k))
            out.append(sum(p[i, k] for k in order[: order.index(y[i]) + 1]))
        return np.array(out)
    sc = score(pc, yc)
    rank = math.ceil((N_CAL + 1) * (1 - ALPHA))
    q = float(np.sort(sc)[rank - 1])
    sets = []
    for i in range(N_EV):
        sets.append([k for k in range(K) if score(pe[i:i + 1], np.array([k]))[0] <= q])
    return {"q": q, "rank": rank, "coverage": float(np.mean([ye[i] in sets[i] for i in range(N_EV)])),
            "mean_size": float(np.mean([len(s) for s in sets])), "empty_sets": sum(len(s) == 0 for s in sets),
            "sets_first_20": sets[:20]}


def aurc(conf, correct):
    order = np.argsort(-conf, kind="stable")
    err = 1 - correct[order]
    risks = np.cumsum(err) / np.arange(1, len(err) + 1)
    e = int(err.sum())
    oracle_err = np.array([0] * (len(err) - e) + [1] * e)
    oracle = np.cumsum(oracle_err) / np.arange(1, len(err) + 1)
    return {"aurc": float(risks.mean()), "aurc_oracle": float(oracle.mean()), "e_aurc": float(risks.mean() - oracle.mean()),
            "risk_at_half": float(risks[len(err) // 2 - 1])}


conf_e = pe.max(axis=1)
correct_e = (pe.argmax(axis=1) == ye).astype(int)
print(json.dumps({
    "versions": {"sklearn": sklearn.__version__, "scipy": scipy.__version__, "numpy": np.__version__},
    "K": K, "bins": BINS, "alpha": ALPHA,
    "cal": {"probs": pc.ravel().tolist(), "y": yc.tolist()},
    "eval": {"probs": pe.ravel().tolist(), "y": ye.tolist()},
    "metrics_eval": metrics(pe, ye),
    "temperature": {"T": T, "nll": float(t.fun), "metrics_eval_after": metrics(softmax(np.log(np.maximum(pe, 1e-12)) / T, axis=1), ye)},
    "isotonic_ovr": {"first_10_rows": iso[:10].ravel().tolist(), "metrics_eval_after": metrics(iso, ye)},
    "lac": conformal("lac"),
    "aps": conformal("aps"),
    "selective": aurc(conf_e, correct_e),
}, indent=None))
