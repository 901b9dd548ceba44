#!/usr/bin/python3
"""The gate lab's repeated-runs preset: chapter 01's five cases, each answered five times by each
version.

    /usr/bin/python3 scripts/presets/gate_repeated_runs.py

writes, under labs/gate/presets/, the Spanish files (the kit's cases, hypothesis and taxonomy are
used as they are) and an English translation of every input:

    repeated_outputs.jsonl     repeated_outputs.en.jsonl
    repeated_policy.json       repeated_policy.en.json
    repeated_run_manifest.json repeated_run_manifest.en.json
                               repeated_cases.en.jsonl, repeated_hypothesis.en.json, repeated_taxonomy.en.json

Deterministic: no random numbers. Every answer comes from the plan below (one letter per run:
p = an answer that passes, f = one that fails) and a fixed list of wordings; costs are the kit's
costs plus a fixed wobble of -2..+2 thousandths of a euro that depends only on the case and run.

The story: the baseline runs at temperature 0 and gives the same answer every time (the kit's
answers, so it passes matricula, beca and sin_evidencia and fails horario and soporte). The
candidate runs at temperature 0.7. In its first run it passes every case, abstaining where it
must, so one run makes it look better than the baseline everywhere. Over five runs it stays right
on matricula, beca and sin_evidencia, but horario_001 passes 4 of 5 runs and soporte_001 only 3 of
5. Scored by the mean of its runs the candidate clears the policy's floor (0.875 against 0.85);
asked for three runs in a row (pass^3: C(4,3)/C(5,3) = 0.4 and C(3,3)/C(5,3) = 0.1) it does not
(0.7). Only the texts and the case ids differ between the two languages (the English files use
EN_ID below); outcomes are the same.
"""
import json
from pathlib import Path

OUT = Path(__file__).resolve().parents[2] / "labs" / "gate" / "presets"
RUNS = 5
CASE_IDS = ["matricula_001", "beca_001", "sin_evidencia_001", "horario_001", "soporte_001"]
# The English page's ids for the same cases (labs/gate/presets/eval_cases.en.jsonl)
EN_ID = {"matricula_001": "enrollment_001", "beca_001": "grant_001", "sin_evidencia_001": "no_evidence_001",
         "horario_001": "hours_001", "soporte_001": "support_001"}

# One letter per run; the candidate's first run passes everywhere.
PLAN = {
    "baseline": {"matricula_001": "ppppp", "beca_001": "ppppp", "sin_evidencia_001": "ppppp", "horario_001": "fffff", "soporte_001": "fffff"},
    "candidate": {"matricula_001": "ppppp", "beca_001": "ppppp", "sin_evidencia_001": "ppppp", "horario_001": "ppfpp", "soporte_001": "pfpfp"},
}
# The kit's cost of each answer (euros); the candidate's abstention costs what the baseline's does.
COST = {
    "baseline": {"matricula_001": 0.021, "beca_001": 0.024, "sin_evidencia_001": 0.012, "horario_001": 0.018, "soporte_001": 0.027},
    "candidate": {"matricula_001": 0.028, "beca_001": 0.030, "sin_evidencia_001": 0.013, "horario_001": 0.022, "soporte_001": 0.031},
}

# Wordings per language, version, case and outcome; run r uses wording r modulo the list's length.
# The baseline's are the kit's answers. Passing answers contain every expected term (or, for
# sin_evidencia, an abstention marker); failing ones lack at least one expected term.
TEXT = {
    "es": {
        "baseline": {
            "matricula_001": {"p": ["El plazo de matrícula ordinaria aparece en la página de matrícula del centro."]},
            "beca_001": {"p": ["Para una beca general revisa convocatoria, DNI y documentación económica."]},
            "sin_evidencia_001": {"p": ["No tengo evidencia suficiente en la documentación disponible para confirmarlo."]},
            "horario_001": {"f": ["El horario se consulta en la web de servicios generales."]},
            "soporte_001": {"f": ["Escribe a administración si falla el trámite."]},
        },
        "candidate": {
            "matricula_001": {"p": [
                "El plazo de matrícula ordinaria está en el apartado de matrícula y calendario académico.",
                "Consulta el plazo en la sección de matrícula del calendario académico.",
                "La matrícula ordinaria tiene su plazo publicado en el calendario académico del centro.",
            ]},
            "beca_001": {"p": [
                "Para solicitar la beca general prepara la documentación académica y económica indicada.",
                "La beca general pide documentación académica y económica; la convocatoria la enumera.",
            ]},
            "sin_evidencia_001": {"p": [
                "No tengo evidencia en la documentación para confirmar esa norma interna.",
                "No puedo confirmarlo: esa norma no aparece en la documentación.",
                "Necesito una fuente oficial; con la documentación disponible no tengo evidencia de esa norma.",
            ]},
            "horario_001": {
                "p": [
                    "El horario de biblioteca se consulta en la página de biblioteca del campus.",
                    "Mira el horario en la web de la biblioteca del campus.",
                ],
                "f": ["Los horarios de los servicios del campus están en la web general."],
            },
            "soporte_001": {
                "p": [
                    "Si el formulario de automatrícula falla, contacta con soporte y adjunta captura.",
                    "Escribe a soporte indicando que el formulario de automatrícula falla.",
                ],
                "f": ["Si el formulario falla, escribe a la secretaría del centro."],
            },
        },
    },
    "en": {
        "baseline": {
            "matricula_001": {"p": ["The ordinary enrollment deadline is on the school's enrollment page."]},
            "beca_001": {"p": ["For a general grant, check the call, your ID and the financial documentation."]},
            "sin_evidencia_001": {"p": ["I have no evidence in the available documentation that would let me confirm it."]},
            "horario_001": {"f": ["The hours are listed on the general services website."]},
            "soporte_001": {"f": ["Write to administration if the procedure fails."]},
        },
        "candidate": {
            "matricula_001": {"p": [
                "The ordinary enrollment deadline is in the enrollment section of the academic calendar.",
                "Look up the deadline in the enrollment part of the academic calendar.",
                "Ordinary enrollment has its deadline published in the school's academic calendar.",
            ]},
            "beca_001": {"p": [
                "To apply for the general grant, prepare the academic and financial documentation listed.",
                "The general grant asks for academic and financial documentation; the call lists it.",
            ]},
            "sin_evidencia_001": {"p": [
                "I have no evidence in the documentation to confirm that internal rule.",
                "I cannot confirm it: that rule is not in the documentation.",
                "I need a source; with the documentation at hand I have no evidence of that rule.",
            ]},
            "horario_001": {
                "p": [
                    "The library hours are on the campus library page.",
                    "Check the hours on the campus library website.",
                ],
                "f": ["The hours of campus services are on the general website."],
            },
            "soporte_001": {
                "p": [
                    "If the self-enrollment form fails, contact support and attach a screenshot.",
                    "Write to support saying that the self-enrollment form fails.",
                ],
                "f": ["If the form fails, write to the school's office."],
            },
        },
    },
}

# The English cases: the kit's cases translated (same ids, weights and budgets; slices in English).
CASES_EN = [
    {"case_id": "enrollment_001", "input": "What is the deadline for ordinary enrollment?", "expected_contains": ["enrollment", "deadline"], "must_abstain": False, "weight": 2, "max_cost_eur": 0.04, "slice": "enrollment"},
    {"case_id": "grant_001", "input": "What documentation do I need to apply for a general grant?", "expected_contains": ["grant", "documentation"], "must_abstain": False, "weight": 2, "max_cost_eur": 0.04, "slice": "grants"},
    {"case_id": "no_evidence_001", "input": "Can you confirm an internal rule that is not in the documentation?", "expected_contains": [], "must_abstain": True, "weight": 1, "max_cost_eur": 0.02, "slice": "no_evidence"},
    {"case_id": "hours_001", "input": "Where do I look up the library hours?", "expected_contains": ["library", "hours"], "must_abstain": False, "weight": 1, "max_cost_eur": 0.03, "slice": "services"},
    {"case_id": "support_001", "input": "Who do I write to if the self-enrollment form fails?", "expected_contains": ["support", "form"], "must_abstain": False, "weight": 2, "max_cost_eur": 0.04, "slice": "support"},
]

POLICY = {
    "es": {
        "min_weighted_quality": 0.85, "max_critical_failures": 0, "max_cost_per_accepted_eur": 0.04, "max_regressions": 0,
        "critical_slices": ["sin_evidencia"], "decision_owner": "equipo-ia",
        "rollback": "mantener baseline y convertir el fallo en caso de regresión",
        "case_score": "mean", "pass_k": 3,
    },
    "en": {
        "min_weighted_quality": 0.85, "max_critical_failures": 0, "max_cost_per_accepted_eur": 0.04, "max_regressions": 0,
        "critical_slices": ["no_evidence"], "decision_owner": "ai-team",
        "rollback": "keep the baseline and turn the failure into a regression case",
        "abstention_markers": ["i have no evidence", "i cannot confirm it", "is not in the documentation", "i need a source"],
        "case_score": "mean", "pass_k": 3,
    },
}

HYPOTHESIS_EN = {
    "change_id": "prompt-cite-or-abstain-v2",
    "change": "Require the assistant to answer with evidence or abstain when the case is not covered.",
    "expected_effect": "Raise the weighted quality without adding critical failures on cases without evidence.",
    "primary_metric": "weighted_quality",
    "guardrail_metrics": ["critical_failures", "regressions", "cost_per_accepted_eur"],
    "minimum_interpretable_delta": 0.05,
    "if_fails": "keep the baseline, classify the failure and add it to the regression dataset",
}

TAXONOMY_EN = {
    "version": "2026-05-28",
    "categories": {
        "ok": {"meaning": "The case passes and stays within budget.", "action": "Keep it as evidence of coverage."},
        "content_missing": {"meaning": "The answer lacks an expected piece.", "action": "Review the prompt, retrieval, expected reference or scoring criteria."},
        "abstention_failure": {"meaning": "The system answered when it should have admitted a lack of evidence.", "action": "Block the release, adjust the abstention policy and add a regression case."},
        "cost_budget": {"meaning": "The case passes on quality but goes over budget.", "action": "Review routing, model, length, cache or tools."},
    },
}


def manifest(lang):
    notes = {
        "es": "Cinco ejecuciones por caso y versión, generadas por scripts/presets/gate_repeated_runs.py (sin llamadas externas): la candidata varía de una ejecución a otra.",
        "en": "Five runs per case and version, generated by scripts/presets/gate_repeated_runs.py (no external calls): the candidate varies from run to run.",
    }[lang]
    return {
        "run_id": "eval-asistente-alumnado-2026-05-28-002",
        "created_at": "2026-05-28T21:10:00+02:00",
        "owner": "equipo-ia" if lang == "es" else "ai-team",
        "task": "asistente_alumnado",
        "dataset_version": "eval_cases.v1",
        "runs_per_case": RUNS,
        "baseline": {"system_version": "baseline", "model_id": "modelo-actual", "prompt_version": "prompt-2026-05-20", "temperature": 0},
        "candidate": {"system_version": "candidate", "model_id": "modelo-candidato", "prompt_version": "prompt-2026-05-28", "temperature": 0.7},
        "runner_version": "eval_runner.py@0.2.0",
        "notes": notes,
    }


def wobble(case_index, run):
    """-0.002..+0.002 euros, fixed by the case and the run (1-based)."""
    return 0.001 * ((3 * case_index + 2 * run) % 5 - 2)


def outputs(lang):
    rows = []
    for version in ("baseline", "candidate"):
        for ci, case_id in enumerate(CASE_IDS):
            seen = {"p": 0, "f": 0}
            for r, outcome in enumerate(PLAN[version][case_id], start=1):
                words = TEXT[lang][version][case_id][outcome]
                text = words[seen[outcome] % len(words)]
                seen[outcome] += 1
                cost = COST[version][case_id] + (wobble(ci, r) if version == "candidate" else 0.0)
                rows.append({"version": version, "case_id": EN_ID[case_id] if lang == "en" else case_id, "run": r, "output": text, "cost_eur": round(cost, 4)})
    return rows


def write_jsonl(name, rows):
    (OUT / name).write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def write_json(name, obj):
    (OUT / name).write_text(json.dumps(obj, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


def main():
    write_jsonl("repeated_outputs.jsonl", outputs("es"))
    write_jsonl("repeated_outputs.en.jsonl", outputs("en"))
    write_json("repeated_policy.json", POLICY["es"])
    write_json("repeated_policy.en.json", POLICY["en"])
    write_json("repeated_run_manifest.json", manifest("es"))
    write_json("repeated_run_manifest.en.json", manifest("en"))
    write_jsonl("repeated_cases.en.jsonl", CASES_EN)
    write_json("repeated_hypothesis.en.json", HYPOTHESIS_EN)
    write_json("repeated_taxonomy.en.json", TAXONOMY_EN)
    for version in ("baseline", "candidate"):
        print(version, " ".join(f"{c}:{PLAN[version][c].count('p')}/{RUNS}" for c in CASE_IDS))


if __name__ == "__main__":
    main()
