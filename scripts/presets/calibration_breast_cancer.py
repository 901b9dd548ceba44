#!/usr/bin/python3
"""Second preset of the calibration lab: Gaussian naive Bayes on the breast cancer data set.

    /usr/bin/python3 scripts/presets/calibration_breast_cancer.py

writes labs/calibration/presets/breast_cancer_gnb.csv (Spanish names) and breast_cancer_gnb.en.csv
(English names), the lab's case format, and prints a short
summary. Deterministic (fixed random_state); uses Debian's python3-sklearn only.

Data: sklearn.datasets.load_breast_cancer(), scikit-learn's bundled copy of the Breast Cancer
Wisconsin (Diagnostic) data set: W. H. Wolberg, W. N. Street and O. L. Mangasarian, University of
Wisconsin, 1995; UCI Machine Learning Repository, https://doi.org/10.24432/C5DW2B, licensed
CC BY 4.0. 569 tumours, 30 numeric features; target 0 = malignant, 1 = benign.

What is written: GaussianNB is trained on 40% of the cases; the other 60% are split evenly into
`calibration` and `evaluation` (stratified). raw_score = the model's predicted probability that
the tumour is malignant; label = 1 for malignant. Naive Bayes assumes independent features, which
these (radius, perimeter, area...) are not, so its probabilities are pushed towards 0 and 1: a
classic overconfident score. slice = tertile of 'mean radius' (small / medium / large, cut points
from the whole data set; pequeño / mediano / grande in the Spanish file); texture_band = above or
below the median 'mean texture' (an extra column, i.e. a slice candidate; banda_textura, alta / baja,
in the Spanish file).
"""
import csv
import sys
from pathlib import Path

import numpy as np
import sklearn
from sklearn.datasets import load_breast_cancer
from sklearn.model_selection import train_test_split
from sklearn.naive_bayes import GaussianNB

PRESETS = Path(__file__).resolve().parents[2] / "labs" / "calibration" / "presets"
# The same cases for each page: Spanish (the default file) and English (<stem>.en.csv). Only the
# names differ: the slice values and the extra column with its values.
OUT = {
    "es": (PRESETS / "breast_cancer_gnb.csv", "banda_textura", {"small": "pequeño", "medium": "mediano", "large": "grande", "high": "alta", "low": "baja"}),
    "en": (PRESETS / "breast_cancer_gnb.en.csv", "texture_band", {}),
}


def main():
    data = load_breast_cancer()
    X = data.data
    y = 1 - data.target  # 1 = malignant
    idx = np.arange(len(y))
    train, rest = train_test_split(idx, train_size=0.4, stratify=y, random_state=20240605)
    cal, ev = train_test_split(rest, train_size=0.5, stratify=y[rest], random_state=20240605)
    model = GaussianNB().fit(X[train], y[train])
    names = list(data.feature_names)
    radius = X[:, names.index("mean radius")]
    texture = X[:, names.index("mean texture")]
    r1, r2 = np.quantile(radius, [1 / 3, 2 / 3])
    tmed = np.median(texture)
    rows = []
    for split, ids in (("calibration", sorted(cal)), ("evaluation", sorted(ev))):
        proba = model.predict_proba(X[ids])[:, list(model.classes_).index(1)]
        for i, p in zip(ids, proba):
            band = "small" if radius[i] <= r1 else ("medium" if radius[i] <= r2 else "large")
            rows.append({
                "case_id": f"bc{i:03d}",
                "split": split,
                "raw_score": repr(float(p)),
                "label": int(y[i]),
                "slice": band,
                "texture_band": "high" if texture[i] > tmed else "low",
            })
    for out, column, names in OUT.values():
        with out.open("w", newline="", encoding="utf-8") as f:
            w = csv.DictWriter(f, fieldnames=["case_id", "split", "raw_score", "label", "slice", column], lineterminator="\n")
            w.writeheader()
            for r in rows:
                w.writerow({"case_id": r["case_id"], "split": r["split"], "raw_score": r["raw_score"], "label": r["label"],
                            "slice": names.get(r["slice"], r["slice"]), column: names.get(r["texture_band"], r["texture_band"])})
        print(f"sklearn {sklearn.__version__}: wrote {len(rows)} cases to {out}", file=sys.stderr)
    ps = np.array([float(r["raw_score"]) for r in rows])
    print(f"calibration {len(cal)}, evaluation {len(ev)}, malignant {int(y[rest].sum())}; "
          f"scores < 0.01 or > 0.99: {int(((ps < 0.01) | (ps > 0.99)).sum())}", file=sys.stderr)


if __name__ == "__main__":
    main()
