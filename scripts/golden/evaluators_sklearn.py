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
  - the construct preset: kappa of the judge against the human labels under each definition.
"""
import json
import math
import sys
import warnings
from pathlib import Path

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

json.dump(out, sys.stdout, indent=1)
sys.stdout.write("\n")
