#!/usr/bin/env python3
"""Golden values for labs/core/curves.ts, computed with scikit-learn.

Run with Debian's interpreter (it has python3-sklearn):
    /usr/bin/python3 scripts/golden/curves_sklearn.py > tests/golden/curves_sklearn.json

For every dataset it stores the inputs and what sklearn returns for roc_curve (drop_intermediate=True),
roc_auc_score, precision_recall_curve (no intermediate points dropped) and average_precision_score.
Conventions recorded so the TypeScript test can read them:
- JSON has no NaN/Infinity: a curve that sklearn fills with nan (after an UndefinedMetricWarning) is
  stored with "warned": true and its nan arrays as null; a function that raises is stored as
  {"error": "<exception class>"}.
- roc_curve's first threshold is an artificial "above every score" point: sklearn < 1.3 sets it to
  max(score) + 1, sklearn >= 1.3 to inf. The file stores `thresholds_rest` (thresholds[1:]) and the
  raw `threshold0` so the test can check the convention it implements (inf).
"""
import json
import sys
import warnings

import numpy as np
import sklearn
from sklearn.metrics import average_precision_score, precision_recall_curve, roc_auc_score, roc_curve


def arr(x):
    x = np.asarray(x, dtype=float)
    if np.isnan(x).any():
        return None
    return [float(v) for v in x]


def run(name, y, s):
    y = [int(v) for v in y]
    s = [float(v) for v in s]
    out = {"name": name, "labels": y, "scores": s}
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        fpr, tpr, thr = roc_curve(y, s, drop_intermediate=True)
        out["roc"] = {
            "fpr": arr(fpr),
            "tpr": arr(tpr),
            "thresholds_rest": arr(thr[1:]),
            "threshold0": float(thr[0]),
            "warned": len(w) > 0,
        }
    try:
        out["roc_auc"] = {"value": float(roc_auc_score(y, s))}
    except ValueError as exc:
        out["roc_auc"] = {"error": type(exc).__name__, "message": str(exc)}
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        p, r, t = precision_recall_curve(y, s)
        out["pr"] = {"precision": arr(p), "recall": arr(r), "thresholds": arr(t), "warned": len(w) > 0}
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        try:
            ap = float(average_precision_score(y, s))
            out["average_precision"] = {"value": None if np.isnan(ap) else ap, "warned": len(w) > 0}
        except ValueError as exc:
            out["average_precision"] = {"error": type(exc).__name__, "message": str(exc)}
    return out


def main():
    datasets = []
    datasets.append(run("sklearn_doc_example", [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]))
    datasets.append(
        run(
            "ties_across_classes",
            [1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0],
            [0.9, 0.9, 0.7, 0.7, 0.7, 0.5, 0.3, 0.3, 0.1, 0.1, 0.1, 0.05],
        )
    )
    datasets.append(run("all_scores_equal", [1, 0, 0, 1, 0], [0.5, 0.5, 0.5, 0.5, 0.5]))
    datasets.append(run("only_positives", [1, 1, 1], [0.2, 0.6, 0.6]))
    datasets.append(run("only_negatives", [0, 0, 0, 0], [0.2, 0.6, 0.9, 0.1]))
    datasets.append(run("scores_zero_one", [1, 0, 1, 1, 0, 0, 1], [1.0, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0]))
    datasets.append(run("perfect_separation", [0, 0, 0, 1, 1, 1], [0.1, 0.2, 0.3, 0.7, 0.8, 0.9]))
    datasets.append(run("perfectly_wrong", [1, 1, 1, 0, 0, 0], [0.1, 0.2, 0.3, 0.7, 0.8, 0.9]))
    datasets.append(
        run(
            "collinear_runs",
            [1, 1, 1, 0, 0, 0, 1, 1, 0, 1, 0, 0, 0],
            [0.99, 0.95, 0.9, 0.85, 0.8, 0.75, 0.7, 0.65, 0.6, 0.55, 0.5, 0.45, 0.4],
        )
    )
    datasets.append(run("single_case", [1], [0.4]))
    # The chapter 02 preset (labs/threshold/presets/classification_cases.jsonl), inlined.
    datasets.append(
        run(
            "threshold_preset",
            [1, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0],
            [0.93, 0.86, 0.79, 0.72, 0.64, 0.56, 0.48, 0.43, 0.37, 0.30, 0.24, 0.11],
        )
    )
    # 2,000 random cases with a fixed seed; scores rounded to 3 decimals so ties occur.
    rng = np.random.default_rng(20240602)
    n = 2000
    labels = (rng.random(n) < 0.3).astype(int)
    scores = np.where(labels == 1, rng.beta(4.0, 2.0, n), rng.beta(2.0, 4.0, n))
    scores = np.round(scores, 3)
    datasets.append(run("random_2000_seed_20240602", labels, scores))
    print(
        json.dumps(
            {
                "_generated_by": "scripts/golden/curves_sklearn.py",
                "sklearn_version": sklearn.__version__,
                "numpy_version": np.__version__,
                "python_version": sys.version.split()[0],
                "datasets": datasets,
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    main()
