#!/usr/bin/python3
"""K-class preset of the calibration lab: Gaussian naive Bayes on the handwritten digits data set.

    /usr/bin/python3 scripts/presets/calibration_digits.py

writes labs/calibration/presets/digits_gnb.csv (the lab's K-class case format: case_id, split,
label, p_0 ... p_9) and prints a short summary on stderr. Deterministic (fixed random_state); uses
Debian's python3-sklearn only.

Data: sklearn.datasets.load_digits(), the copy scikit-learn ships of the test part of the UCI
"Optical Recognition of Handwritten Digits" data set (E. Alpaydin and C. Kaynak, 1998; UCI Machine
Learning Repository, https://doi.org/10.24432/C50P49, licence CC BY 4.0): 1797 images of 8x8
pixels, 64 features with values 0..16, ten classes 0..9.

What is written: GaussianNB is trained on 30% of the images (stratified); the other 70% are split
evenly into `calibration` and `evaluation` (stratified). p_k = the model's predicted probability of
digit k, written with 17 significant digits (repr), so each row sums to 1 to rounding; label = the
true digit. Naive Bayes treats the 64 pixels as independent, which neighbouring pixels are not, so
its probabilities are pushed to 0 and 1: most of its top probabilities are 1 to six decimals while
about one prediction in seven is wrong, a clearly overconfident K-class model.
"""
import csv
import sys
from pathlib import Path

import numpy as np
import sklearn
from sklearn.datasets import load_digits
from sklearn.model_selection import train_test_split
from sklearn.naive_bayes import GaussianNB

OUT = Path(__file__).resolve().parents[2] / "labs" / "calibration" / "presets" / "digits_gnb.csv"
SEED = 20261201


def main():
    data = load_digits()
    X, y = data.data, data.target
    idx = np.arange(len(y))
    train, rest = train_test_split(idx, train_size=0.3, stratify=y, random_state=SEED)
    cal, ev = train_test_split(rest, train_size=0.5, stratify=y[rest], random_state=SEED)
    model = GaussianNB().fit(X[train], y[train])
    classes = [int(c) for c in model.classes_]
    header = ["case_id", "split", "label"] + [f"p_{c}" for c in classes]
    rows = []
    for split, ids in (("calibration", sorted(cal)), ("evaluation", sorted(ev))):
        proba = model.predict_proba(X[ids])
        for i, p in zip(ids, proba):
            rows.append([f"d{i:04d}", split, str(int(y[i]))] + [repr(float(v)) for v in p])
    with OUT.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        w.writerows(rows)
    pe = model.predict_proba(X[ev])
    print(f"sklearn {sklearn.__version__}: wrote {len(rows)} cases to {OUT}", file=sys.stderr)
    print(f"train {len(train)}, calibration {len(cal)}, evaluation {len(ev)}; evaluation accuracy "
          f"{(pe.argmax(1) == y[ev]).mean():.4f}; top probability >= 0.999999: {(pe.max(1) >= 0.999999).mean():.3f}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
