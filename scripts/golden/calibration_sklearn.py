#!/usr/bin/python3
"""Golden values for the calibration lab (labs/core/calibration_metrics.ts, calibrators.ts).

Run with Debian's python3-sklearn / python3-statsmodels:
    /usr/bin/python3 scripts/golden/calibration_sklearn.py > tests/golden/calibration_sklearn.json

Every value comes from scikit-learn, scipy or statsmodels, except `brier_decomposition`, which is
Murphy's (1973) formula written out in numpy over the kit's equal-width bins (floor(p * bins)).
"""
import json
import math

import numpy as np
import scipy
import sklearn
import statsmodels
from scipy.optimize import minimize, minimize_scalar
from sklearn.calibration import _sigmoid_calibration, calibration_curve
from sklearn.isotonic import IsotonicRegression
from sklearn.metrics import brier_score_loss, log_loss
from statsmodels.stats.proportion import proportion_confint


def datasets():
    out = []
    # 1. The textbook kit's evaluation split (chapter 05), raw scores.
    kit_p = [0.04, 0.11, 0.17, 0.24, 0.29, 0.34, 0.39, 0.44, 0.49, 0.54, 0.59, 0.64, 0.69, 0.74, 0.79,
             0.84, 0.89, 0.93, 0.97, 0.99]
    kit_y = [0, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 1, 1, 1, 0]
    out.append(("kit_evaluation", kit_p, kit_y))
    # 2. Ties, exact 0 and 1, values on bin edges, a violation for PAVA.
    p = [0.0, 0.0, 0.1, 0.1, 0.1, 0.2, 0.35, 0.35, 0.5, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.0]
    y = [0, 1, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1, 1, 0, 1, 1]
    out.append(("ties_edges_01", p, y))
    # 3. An overconfident model: true probability t, reported score pushed towards 0/1.
    rng = np.random.RandomState(7)
    t = rng.uniform(0.05, 0.95, size=300)
    yy = (rng.uniform(size=300) < t).astype(int)
    z = np.log(t / (1 - t)) * 2.5
    s = 1 / (1 + np.exp(-z))
    out.append(("overconfident_300", [float(v) for v in s], [int(v) for v in yy]))
    # 4. One class only.
    out.append(("one_class", [0.3, 0.6, 0.6, 0.9, 0.95], [1, 1, 1, 1, 1]))
    return out


def on_inner_edge(p, n_bins):
    edges = np.linspace(0.0, 1.0, n_bins + 1)[1:-1]
    return bool(np.isin(np.asarray(p), edges).any())


def murphy(p, y, bins):
    p = np.asarray(p, dtype=float)
    y = np.asarray(y, dtype=float)
    idx = np.minimum(bins - 1, np.floor(p * bins).astype(int))
    n = len(p)
    base = y.mean()
    rel = res = 0.0
    for k in range(bins):
        m = idx == k
        if not m.any():
            continue
        nk = m.sum()
        rel += nk * (p[m].mean() - y[m].mean()) ** 2
        res += nk * (y[m].mean() - base) ** 2
    return {"reliability": rel / n, "resolution": res / n, "uncertainty": base * (1 - base)}


def platt_refined(F, y):
    F = np.asarray(F, dtype=float)
    y = np.asarray(y)
    prior1 = float((y > 0).sum())
    prior0 = len(y) - prior1
    T = np.where(y > 0, (prior1 + 1) / (prior1 + 2), 1 / (prior0 + 2))

    def obj(ab):
        z = ab[0] * F + ab[1]
        # -(T log P + (1 - T) log(1 - P)), P = 1 / (1 + exp(z))
        return float(np.sum(T * z + np.logaddexp(0, -z)))

    def grad(ab):
        z = ab[0] * F + ab[1]
        P = 1 / (1 + np.exp(z))
        d = T - P
        return np.array([np.sum(d * F), np.sum(d)])

    r = minimize(obj, np.array([0.0, math.log((prior0 + 1) / (prior1 + 1))]), jac=grad, method="BFGS",
                 options={"gtol": 1e-12, "maxiter": 10000})
    return [float(r.x[0]), float(r.x[1])]


def temperature(p, y):
    p = np.clip(np.asarray(p, dtype=float), 1e-6, 1 - 1e-6)
    y = np.asarray(y, dtype=float)
    z = np.log(p / (1 - p))

    def nll(logt):
        s = z / math.exp(logt)
        return float(np.sum(np.logaddexp(0, s) - y * s))

    r = minimize_scalar(nll, bounds=(math.log(0.01), math.log(100)), method="bounded",
                        options={"xatol": 1e-12, "maxiter": 10000})
    return math.exp(r.x)


def main():
    out = {
        "_generator": "scripts/golden/calibration_sklearn.py",
        "_versions": {"sklearn": sklearn.__version__, "scipy": scipy.__version__,
                      "numpy": np.__version__, "statsmodels": statsmodels.__version__},
        "datasets": [],
    }
    grid = [-0.1, 0.0, 0.05, 0.1, 0.15, 0.33, 0.5, 0.52, 0.75, 0.9, 0.99, 1.0, 1.1]
    for name, p, y in datasets():
        d = {"name": name, "p": p, "y": y}
        d["brier_score_loss"] = float(brier_score_loss(y, p))
        d["log_loss_eps_1e-6"] = float(log_loss(y, p, eps=1e-6, labels=[0, 1]))
        d["log_loss_eps_1e-15"] = float(log_loss(y, p, eps=1e-15, labels=[0, 1]))
        # scikit-learn 1.2's default eps="auto": numpy's float64 eps, 2^-52 (about 2.22e-16)
        d["log_loss_eps_auto"] = float(log_loss(y, p, labels=[0, 1]))
        curves = []
        if len(set(y)) <= 2:
            for strategy, n_bins in [("uniform", 5), ("uniform", 10), ("quantile", 4), ("quantile", 5)]:
                pt, pp = calibration_curve(y, p, n_bins=n_bins, strategy=strategy)
                curves.append({"strategy": strategy, "n_bins": n_bins,
                               "on_inner_edge": on_inner_edge(p, n_bins) if strategy == "uniform" else None,
                               "prob_true": [float(v) for v in pt], "prob_pred": [float(v) for v in pp]})
        d["calibration_curve"] = curves
        d["brier_decomposition_uniform_5"] = murphy(p, y, 5)
        d["brier_decomposition_uniform_10"] = murphy(p, y, 10)
        iso = IsotonicRegression(out_of_bounds="clip").fit(p, y)
        d["isotonic"] = {"X_thresholds": [float(v) for v in iso.X_thresholds_],
                         "y_thresholds": [float(v) for v in iso.y_thresholds_],
                         "grid": grid, "predict": [float(v) for v in iso.predict(grid)]}
        a, b = _sigmoid_calibration(np.asarray(p), np.asarray(y))
        d["sigmoid_calibration"] = {"a": float(a), "b": float(b), "refined_ab": platt_refined(p, y)}
        d["temperature"] = temperature(p, y)
        out["datasets"].append(d)
    # confident misses (p = 0 for a positive, p = 1 for a negative) under eps="auto"
    miss_p, miss_y = [0.0, 1.0, 0.5, 1.0, 0.0], [1, 0, 1, 1, 0]
    out["log_loss_eps_auto"] = {"eps": float(np.finfo(np.float64).eps), "p": miss_p, "y": miss_y,
                                "log_loss": float(log_loss(miss_y, np.asarray(miss_p), labels=[0, 1]))}
    out["wilson"] = []
    for count, nobs in [(0, 3), (2, 4), (3, 4), (4, 5), (5, 5), (0, 1), (1, 1), (17, 40)]:
        lo, hi = proportion_confint(count, nobs, alpha=0.05, method="wilson")
        out["wilson"].append({"count": count, "nobs": nobs, "low": float(lo), "high": float(hi)})
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
