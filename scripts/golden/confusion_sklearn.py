#!/usr/bin/env python3
"""Golden values for labs/core/stats/confusion.ts, computed by scikit-learn from label arrays.
Run with Debian's python3 (python3-sklearn):
    /usr/bin/python3 scripts/golden/confusion_sklearn.py > tests/golden/confusion_sklearn.json
"""
import json
import warnings

import numpy as np
import sklearn
from sklearn.metrics import (accuracy_score, balanced_accuracy_score, f1_score, fbeta_score,
                             matthews_corrcoef, precision_score, recall_score)

warnings.simplefilter("ignore")
out = {"versions": {"sklearn": sklearn.__version__, "numpy": np.__version__}, "tables": []}
for tp, fp, fn, tn in [(4, 2, 0, 3), (1, 2, 1, 2), (10, 5, 3, 82), (0, 3, 2, 5), (7, 0, 0, 9), (3, 1, 4, 1), (50, 10, 25, 915)]:
    y = np.array([1] * tp + [0] * fp + [1] * fn + [0] * tn)
    p = np.array([1] * tp + [1] * fp + [0] * fn + [0] * tn)
    spec = recall_score(y, p, pos_label=0)
    npv = precision_score(y, p, pos_label=0)
    prec = precision_score(y, p)
    rec = recall_score(y, p)
    out["tables"].append({
        "tp": tp, "fp": fp, "fn": fn, "tn": tn,
        "precision": float(prec), "recall": float(rec), "specificity": float(spec), "npv": float(npv),
        "accuracy": float(accuracy_score(y, p)), "f1": float(f1_score(y, p)),
        "f2": float(fbeta_score(y, p, beta=2)), "balanced_accuracy": float(balanced_accuracy_score(y, p)),
        "informedness": float(rec + spec - 1), "markedness": float(prec + npv - 1),
        "mcc": float(matthews_corrcoef(y, p)),
    })
print(json.dumps(out, indent=1))
