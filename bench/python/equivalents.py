#!/usr/bin/env python3
"""The numpy/scipy/scikit-learn equivalents of the lab engines' benchmark cases, timed in the same
run as the Node engines (bench/run.ts writes each case's data to a folder and calls this script).

Usage: /usr/bin/python3 bench/python/equivalents.py DIR
DIR holds one <case>.json per case ({"kind", "runs", "arrays": {name: [dtype, file]}, "params"})
and the arrays as raw little-endian binary files. Prints one JSON object {case: {"median_ms",
"min_ms", "max_ms", "runs"}} on stdout. Each equivalent is what a competent numpy user would write:
vectorized, no per-element Python loops, no scikit-learn input validation inside a loop.
Requires Debian's python3-numpy, python3-scipy and python3-sklearn.
"""
import json
import math
import os
import sys
import time

import numpy as np
from scipy.optimize import minimize, minimize_scalar
from sklearn.isotonic import IsotonicRegression
from sklearn.metrics import average_precision_score, precision_recall_curve, roc_auc_score, roc_curve


def load(d, spec):
    out = {}
    for name, (dtype, file) in spec["arrays"].items():
        out[name] = np.fromfile(os.path.join(d, file), dtype=dtype)
    return out


# ---------------------------------------------------------------------------------------------
# threshold: split by class + sort, 28 grid pairs by binary search, ROC/PR with AUC and AP

def threshold(a, p):
    s, y = a["scores"], a["labels"]
    cost = threshold_scan(s, y, p)
    order = np.argsort(-s, kind="stable")
    ss, yy = s[order], y[order]
    distinct = np.r_[np.nonzero(np.diff(ss))[0], len(ss) - 1]
    tps = np.cumsum(yy)[distinct]
    fps = (distinct + 1) - tps
    tpr = np.r_[0, tps] / tps[-1]
    fpr = np.r_[0, fps] / fps[-1]
    auc = np.trapz(tpr, fpr)
    precision = tps / (tps + fps)
    recall = tps / tps[-1]
    ap = np.sum(np.diff(np.r_[0, recall]) * precision)
    return float(cost.min() + auc + ap)


def threshold_scan(s, y, p):
    """The 28-pair cost scan of the grid by binary search on the sorted scores of each class."""
    pos = np.sort(s[y == 1])
    neg = np.sort(s[y == 0])
    grid = np.array(p["grid"])
    lows, highs = np.triu_indices(len(grid), 1)
    lo, hi = grid[lows], grid[highs]
    tp = len(pos) - np.searchsorted(pos, hi, "left")
    fn = np.minimum(np.searchsorted(pos, lo, "right"), len(pos) - tp)
    fp = len(neg) - np.searchsorted(neg, hi, "left")
    tn = np.minimum(np.searchsorted(neg, lo, "right"), len(neg) - fp)
    review = len(s) - tp - fn - fp - tn
    return p["c_fp"] * fp + p["c_fn"] * fn + p["c_review"] * review


def threshold_sklearn(a, p):
    """The same scan, with the curves and areas from scikit-learn's own functions (issue 23's
    reference: roc_curve + precision_recall_curve + roc_auc_score + average_precision_score)."""
    s, y = a["scores"], a["labels"]
    cost = threshold_scan(s, y, p)
    fpr, tpr, _ = roc_curve(y, s)
    precision, recall, _ = precision_recall_curve(y, s)
    auc = roc_auc_score(y, s)
    ap = average_precision_score(y, s)
    return float(cost.min() + auc + ap + fpr[-1] + tpr[-1] + precision[0] + recall[0])


# ---------------------------------------------------------------------------------------------
# calibration: four calibrators on the calibration split, metrics, conformal, 171-pair grid,
# risk-coverage, slices and a bootstrap of Brier and ECE (raw and every calibrator, same resamples)

def ece_bins(pr, y, bins, w=None):
    k = np.minimum((pr * bins).astype(np.int64), bins - 1)
    n = np.bincount(k, weights=w, minlength=bins)
    sp = np.bincount(k, weights=pr if w is None else pr * w, minlength=bins)
    sy = np.bincount(k, weights=y if w is None else y * w, minlength=bins)
    return np.abs(sy - sp).sum() / n.sum(), n, sp, sy


def calibration(a, p):
    s, y, split, sl = a["scores"], a["labels"].astype(np.float64), a["split"], a["slice"]
    bins, alpha, rounds = p["bins"], p["alpha"], p["rounds"]
    cal, ev = split == 0, split == 1
    cs, cy, es, ey = s[cal], y[cal], s[ev], y[ev]
    eps = 1e-6
    out = []
    # histogram with Laplace smoothing
    k = np.minimum((cs * bins).astype(np.int64), bins - 1)
    mapping = (np.bincount(k, weights=cy, minlength=bins) + 1) / (np.bincount(k, minlength=bins) + 2)
    out.append(lambda x: mapping[np.minimum((x * bins).astype(np.int64), bins - 1)])
    # Platt: logistic fit on the raw score (smoothed targets), L-BFGS
    n1, n0 = cy.sum(), len(cy) - cy.sum()
    t = np.where(cy == 1, (n1 + 1) / (n1 + 2), 1 / (n0 + 2))

    def platt_loss(ab):
        z = ab[0] * cs + ab[1]
        return np.sum(np.logaddexp(0, z) - (1 - t) * z)
    ab = minimize(platt_loss, [0.0, math.log((n0 + 1) / (n1 + 1))], method="L-BFGS-B").x
    out.append(lambda x: 1 / (1 + np.exp(ab[0] * x + ab[1])))
    # isotonic
    iso = IsotonicRegression(out_of_bounds="clip", y_min=0, y_max=1).fit(cs, cy)
    out.append(iso.predict)
    # temperature on the logit
    lg = np.log(np.clip(cs, 1e-6, 1 - 1e-6) / (1 - np.clip(cs, 1e-6, 1 - 1e-6)))

    def nll(T):
        z = lg / T
        return np.sum(np.logaddexp(0, z) - cy * z)
    T = minimize_scalar(nll, bounds=(0.01, 100), method="bounded").x
    out.append(lambda x: 1 / (1 + np.exp(-np.log(np.clip(x, 1e-6, 1 - 1e-6) / (1 - np.clip(x, 1e-6, 1 - 1e-6))) / T)))
    series = [es] + [f(es) for f in out]
    acc = 0.0
    grid = np.arange(1, 20) / 20
    lows, highs = np.triu_indices(len(grid), 1)
    for f, pe in zip(out, series[1:]):
        pc = f(cs)
        brier = np.mean((pe - ey) ** 2)
        q = np.clip(pe, eps, 1 - eps)
        ll = -np.mean(ey * np.log(q) + (1 - ey) * np.log(1 - q))
        e, *_ = ece_bins(pe, ey, bins)
        # conformal: nonconformity on the calibration split, exact rank
        nc = np.where(cy == 1, 1 - pc, pc)
        r = math.ceil((len(nc) + 1) * (1 - alpha))
        qh = np.sort(nc)[r - 1] if r <= len(nc) else np.inf
        in0, in1 = pe <= qh, (1 - pe) <= qh
        mask = in0.astype(np.int8) + 2 * in1.astype(np.int8)
        # grid: automated only for singleton sets, towards their label
        neg0, neg1 = np.sort(pe[(mask == 1) & (ey == 0)]), np.sort(pe[(mask == 1) & (ey == 1)])
        pos0, pos1 = np.sort(pe[(mask == 2) & (ey == 0)]), np.sort(pe[(mask == 2) & (ey == 1)])
        lo, hi = grid[lows], grid[highs]
        tn, fnn = np.searchsorted(neg0, lo + 1e-12, "right"), np.searchsorted(neg1, lo + 1e-12, "right")
        fpp, tpp = len(pos0) - np.searchsorted(pos0, hi - 1e-12), len(pos1) - np.searchsorted(pos1, hi - 1e-12)
        reviewed = len(pe) - tn - fnn - fpp - tpp
        cost = reviewed * 0.8 + fpp * 2 + fnn * 8
        # risk-coverage over 10 confidence levels
        conf = np.maximum(pe, 1 - pe)
        single = (mask == 1) | (mask == 2)
        for lvl in np.arange(10, 20) / 20:
            accd = single & (conf >= lvl - 1e-12)
            acc += accd.sum()
        # slices
        nsl = int(sl.max()) + 1
        acc += np.bincount(sl[ev], weights=(pe - ey) ** 2, minlength=nsl).sum()
        acc += brier + ll + e + float(cost.min())
    # bootstrap of Brier and ECE, raw and each calibrator, the same resamples
    rng = np.random.default_rng(13)
    n = len(ey)
    sq = [(x - ey) ** 2 for x in series]
    kk = [np.minimum((x * bins).astype(np.int64), bins - 1) for x in series]
    for _ in range(rounds):
        w = np.bincount(rng.integers(0, n, n), minlength=n).astype(np.float64)
        for x, sqe, kb in zip(series, sq, kk):
            brier = w @ sqe / n
            cnt = np.bincount(kb, weights=w, minlength=bins)
            sp = np.bincount(kb, weights=w * x, minlength=bins)
            sy = np.bincount(kb, weights=w * ey, minlength=bins)
            acc += brier + np.abs(sy - sp)[cnt > 0].sum() / n
    return float(acc)


# ---------------------------------------------------------------------------------------------
# gate: paired bootstrap of the weighted pass rate of two versions (indices resampled, chunked)

def gate(a, p):
    w, pa, pb = a["weights"], a["pass_a"].astype(np.float64), a["pass_b"].astype(np.float64)
    rounds, n = p["rounds"], len(w)
    rng = np.random.default_rng(13)
    wa, wb = w * pa, w * pb
    deltas = np.empty(rounds)
    chunk = max(1, 20_000_000 // n)
    for r0 in range(0, rounds, chunk):
        m = min(chunk, rounds - r0)
        idx = rng.integers(0, n, (m, n))
        tot = w[idx].sum(1)
        deltas[r0:r0 + m] = wb[idx].sum(1) / tot - wa[idx].sum(1) / tot
    return float(np.quantile(deltas, [0.025, 0.975]).sum())


# ---------------------------------------------------------------------------------------------
# rag: every ranking metric at k for Q queries x L retrieved (grades matrix) with judged grades

def rag(a, p):
    q, length, k = p["queries"], p["list"], p["k"]
    g = a["rank_grades"].reshape(q, length).astype(np.float64)
    judged = a["judged_grades"].reshape(q, -1).astype(np.float64)
    rel = g > 0
    topk = rel[:, :k]
    hits = topk.sum(1)
    nrel = (judged > 0).sum(1)
    with np.errstate(divide="ignore", invalid="ignore"):
        precision = hits / k
        recall = np.where(nrel > 0, hits / nrel, np.nan)
        first = np.where(rel.any(1), rel.argmax(1) + 1, 0)
        rr = np.where(first > 0, 1 / first, 0)
        rrk = np.where((first > 0) & (first <= k), 1 / first, 0)
        disc = 1 / np.log2(np.arange(2, k + 2))
        dcg = ((2 ** g[:, :k] - 1) * disc).sum(1)
        ideal = -np.sort(-judged, axis=1)[:, :k]
        idcg = ((2 ** ideal - 1) * disc[: ideal.shape[1]]).sum(1)
        ndcg = np.where(idcg > 0, dcg / idcg, np.nan)
        cum = np.cumsum(topk, 1)
        prec_i = cum / np.arange(1, k + 1)
        cp = np.where(hits > 0, (prec_i * topk).sum(1) / np.maximum(hits, 1), np.nan)
    return float(np.nansum(precision) + np.nansum(recall) + rr.sum() + rrk.sum() + np.nansum(ndcg) + np.nansum(cp))


# ---------------------------------------------------------------------------------------------
# evaluators: Cohen's kappa of each judge's pass decision against the human's, with a bootstrap

def kappa_from_cells(c):
    n = c.sum(-1)
    po = (c[..., 0] + c[..., 3]) / n
    pe = ((c[..., 0] + c[..., 1]) * (c[..., 0] + c[..., 2]) + (c[..., 2] + c[..., 3]) * (c[..., 1] + c[..., 3])) / n ** 2
    return (po - pe) / (1 - pe)


def evaluators(a, p):
    human = a["human"].astype(np.int64)
    judges = a["judges"].reshape(p["evaluators"], -1).astype(np.int64)
    valid = a["valid"].reshape(p["evaluators"], -1).astype(bool)
    rounds, n = p["rounds"], len(human)
    cells = [np.where(v, 2 * human + j, -1) for j, v in zip(judges, valid)]
    acc = 0.0
    for c in cells:
        acc += float(kappa_from_cells(np.bincount(c[c >= 0], minlength=4).astype(np.float64)))
    rng = np.random.default_rng(13)
    for _ in range(rounds):
        w = np.bincount(rng.integers(0, n, n), minlength=n).astype(np.float64)
        for c in cells:
            ok = c >= 0
            acc += float(kappa_from_cells(np.bincount(c[ok], weights=w[ok], minlength=4)))
    return acc


KINDS = {"threshold": threshold, "threshold_sklearn": threshold_sklearn, "calibration": calibration, "gate": gate, "rag": rag, "evaluators": evaluators}


def main():
    d = sys.argv[1]
    results = {}
    for name in sorted(f for f in os.listdir(d) if f.endswith(".json")):
        spec = json.load(open(os.path.join(d, name)))
        a = load(d, spec)
        f = KINDS[spec["kind"]]
        f(a, spec["params"])  # warm-up
        times = []
        for _ in range(spec.get("runs", 5)):
            t0 = time.perf_counter()
            f(a, spec["params"])
            times.append((time.perf_counter() - t0) * 1000)
        times.sort()
        m = len(times)
        med = times[m // 2] if m % 2 else (times[m // 2 - 1] + times[m // 2]) / 2
        results[name[:-5]] = {"median_ms": med, "min_ms": times[0], "max_ms": times[-1], "runs": m}
    print(json.dumps(results))


if __name__ == "__main__":
    main()
