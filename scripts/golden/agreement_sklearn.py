"""Golden values for labs/core/agreement.ts.

Run with Debian's Python (scikit-learn installed):
    /usr/bin/python3 scripts/golden/agreement_sklearn.py > tests/golden/agreement_sklearn.json

For every case: sklearn.metrics.confusion_matrix(a, b, labels=labels) and
sklearn.metrics.cohen_kappa_score(a, b, labels=labels, weights=w) for w in None, 'linear',
'quadratic'. nan (chance agreement p_e = 1, a 0/0) is written as null.
"""
import json
import math
import sys
import warnings

import sklearn
from sklearn.metrics import cohen_kappa_score, confusion_matrix

warnings.simplefilter("ignore")

CASES = [
    # Seed 004's two annotators on a 1-5 Likert scale: category 1 never appears in the data.
    {"name": "seed004_likert", "labels": [1, 2, 3, 4, 5],
     "a": [4, 5, 3, 2, 4, 5], "b": [4, 4, 3, 2, 5, 5]},
    # Same data with the categories inferred from the data (what happens without labels=...).
    {"name": "seed004_inferred_labels", "labels": [2, 3, 4, 5],
     "a": [4, 5, 3, 2, 4, 5], "b": [4, 4, 3, 2, 5, 5]},
    # Binary pass/fail ratings.
    {"name": "binary", "labels": [0, 1],
     "a": [1, 1, 0, 1, 0, 0, 1, 1, 1, 0], "b": [1, 0, 0, 1, 0, 1, 1, 1, 1, 0]},
    # Likert 1-5 with categories 2 and 5 absent; a larger, uneven sample.
    {"name": "likert_two_absent", "labels": [1, 2, 3, 4, 5],
     "a": [1, 3, 3, 4, 1, 4, 3, 1, 4, 4, 3, 1], "b": [1, 3, 4, 4, 3, 4, 3, 1, 1, 4, 4, 3]},
    # The same data with the categories inferred from the data ([1, 3, 4]): the weighted kappas
    # change, because the distance between 1 and 3 shrinks from two steps to one.
    {"name": "likert_two_absent_inferred", "labels": [1, 3, 4],
     "a": [1, 3, 3, 4, 1, 4, 3, 1, 4, 4, 3, 1], "b": [1, 3, 4, 4, 3, 4, 3, 1, 1, 4, 4, 3]},
    # Systematic disagreement: worse than chance (negative kappa).
    {"name": "negative", "labels": [1, 2, 3],
     "a": [1, 2, 3, 1, 2, 3], "b": [3, 1, 2, 3, 1, 2]},
    # Perfect agreement over three categories.
    {"name": "perfect", "labels": [1, 2, 3], "a": [1, 2, 3, 3], "b": [1, 2, 3, 3]},
    # Both annotators always give the same single category: p_e = 1, kappa is nan.
    {"name": "constant_same", "labels": [1, 2, 3, 4, 5], "a": [4, 4, 4], "b": [4, 4, 4]},
    # Each annotator constant but in different categories: p_o = 0, p_e = 0, kappa = 0.
    {"name": "constant_different", "labels": [1, 2, 3, 4, 5], "a": [4, 4, 4], "b": [5, 5, 5]},
    # Likert 1-7.
    {"name": "likert7", "labels": [1, 2, 3, 4, 5, 6, 7],
     "a": [7, 6, 6, 5, 2, 1, 4, 4, 3, 7, 5, 6, 2, 3],
     "b": [6, 6, 7, 5, 3, 1, 4, 5, 3, 5, 5, 6, 1, 4]},
]


def clean(x):
    x = float(x)
    return None if math.isnan(x) else x


out = {"sklearn_version": sklearn.__version__, "cases": []}
for c in CASES:
    r = dict(c)
    r["confusion_matrix"] = confusion_matrix(c["a"], c["b"], labels=c["labels"]).tolist()
    for key, w in (("kappa", None), ("linear_kappa", "linear"), ("quadratic_kappa", "quadratic")):
        r[key] = clean(cohen_kappa_score(c["a"], c["b"], labels=c["labels"], weights=w))
    out["cases"].append(r)

json.dump(out, sys.stdout, indent=1)
sys.stdout.write("\n")
