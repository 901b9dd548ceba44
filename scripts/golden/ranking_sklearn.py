#!/usr/bin/env python3
"""Golden values for labs/core/stats/ranking.ts (nDCG@k), computed with scikit-learn.

Run with Debian's interpreter (it has python3-sklearn):
    /usr/bin/python3 scripts/golden/ranking_sklearn.py > tests/golden/ranking_sklearn.json

sklearn.metrics.ndcg_score(y_true, y_score, k) ranks the candidate documents of a query by y_score
and uses linear gain (the relevance itself); the ideal ranking sorts y_true over the same candidates.
To compare it with the lab's convention (a ranked list, ideal ranking from every judged chunk, cut
at k), each query is written as:
  - `retrieved`: grades in rank order (at least k of them), given strictly decreasing scores;
  - `unretrieved`: grades of judged chunks the retriever did not return, appended as candidates
    with scores below every retrieved one (so they never enter sklearn's top k, but they do enter
    its ideal ranking, as in the lab).
Exponential gain 2^rel - 1 is checked through the same function: sklearn's DCG of the transformed
relevances 2^rel - 1 is the exponential-gain DCG of rel (the ideal order is the same).

Documented differences, stored so the TypeScript test can pin them:
  - `ties`: sklearn averages the gain over tied scores (McSherry & Najork 2008); the lab keeps the
    list order. For two tied items sklearn's value is the mean of the lab's values for both orders.
  - `no_relevant`: with every grade 0 sklearn returns 0.0; the lab says undefined (no_relevant_chunks).
"""
import json
import sys

import numpy as np
import sklearn
from sklearn.metrics import ndcg_score


def sk(grades, scores, k):
    return float(ndcg_score(np.asarray([grades], dtype=float), np.asarray([scores], dtype=float), k=k))


def query(name, retrieved, unretrieved, k):
    n, m = len(retrieved), len(unretrieved)
    assert n >= k, name
    grades = list(retrieved) + list(unretrieved)
    scores = [float(n + m - i) for i in range(n + m)]  # strictly decreasing: rank order
    exp = [2.0 ** g - 1.0 for g in grades]
    return {
        "name": name,
        "retrieved": [float(g) for g in retrieved],
        "unretrieved": [float(g) for g in unretrieved],
        "k": k,
        "ndcg_linear": sk(grades, scores, k),
        "ndcg_exponential": sk(exp, scores, k),
    }


def main():
    queries = [
        query("kit_rag_002", [2, 0, 0], [3], 3),
        query("kit_rag_003_rank4", [0, 0, 0, 3], [], 3),
        query("perfect_order", [3, 2, 1, 0], [], 3),
        query("reversed_order", [0, 1, 2, 3], [], 4),
        query("grade_zero_judged", [0, 2, 0, 1], [0, 0], 3),
        query("k_one", [1, 3, 2], [], 1),
        query("fractional_grades", [0.5, 2.5, 0, 1.5], [1.0], 4),
        query("deep_missing", [1, 0, 0, 0, 0, 0], [3, 3, 2], 5),
    ]
    rng = np.random.RandomState(20260531)
    for i in range(40):
        n = int(rng.randint(3, 25))
        k = int(rng.choice([1, 2, 3, 5, 10]))
        k = min(k, n)
        retrieved = [int(g) for g in rng.choice([0, 0, 0, 1, 2, 3], size=n)]
        unretrieved = [int(g) for g in rng.choice([1, 2, 3], size=int(rng.randint(0, 4)))]
        if sum(retrieved) + sum(unretrieved) == 0:
            unretrieved.append(1)
        queries.append(query(f"random_{i:02d}", retrieved, unretrieved, k))

    # two tied items at ranks 1 and 2 (scores 1.0, 1.0), then a lower one
    ties = {
        "retrieved": [3.0, 1.0, 2.0],
        "scores": [1.0, 1.0, 0.5],
        "k": 2,
        "ndcg_linear": sk([3, 1, 2], [1.0, 1.0, 0.5], 2),
    }
    no_relevant = {"retrieved": [0.0, 0.0, 0.0], "k": 3, "ndcg_linear": sk([0, 0, 0], [3.0, 2.0, 1.0], 3)}
    out = {
        "_generated_by": "scripts/golden/ranking_sklearn.py",
        "sklearn_version": sklearn.__version__,
        "numpy_version": np.__version__,
        "python_version": sys.version.split()[0],
        "queries": queries,
        "ties": ties,
        "no_relevant": no_relevant,
    }
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
