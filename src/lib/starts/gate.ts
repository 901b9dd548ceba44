/**
 * Edited states of the gate lab that chapter 01 cites (the `start` of its <Value> figures): each is
 * the kit's preset with one change, written as the learner would make it in the lab, so that the
 * figure the chapter prints for a "try it" step is the engine's own result on that state. Texts are
 * derived from the preset files (never retyped); JSON inputs use merge patches.
 */
import type { FigureStart } from '../figures.ts';
import casesKit from '../../../labs/gate/presets/eval_cases.jsonl?raw';
import outputsKit from '../../../labs/gate/presets/outputs.jsonl?raw';

/** The candidate's answer to sin_evidencia_001 in the kit (it confirms a rule nobody documented). */
const CLAIM = JSON.parse(outputsKit.split('\n').find((l) => l.includes('"candidate"') && l.includes('sin_evidencia_001'))!).output as string;
/** The baseline's answer to the same case (it abstains). */
const BASE_ABSTAINS = JSON.parse(outputsKit.split('\n').find((l) => l.includes('"baseline"') && l.includes('sin_evidencia_001'))!).output as string;
/** An abstention with one of the kit's markers («no tengo evidencia»). */
const ABSTAIN = 'No tengo evidencia suficiente en la documentación para confirmarlo.';

/** The outputs text with `f` applied to each answer row (parsed and re-serialized). */
function mapOutputs(f: (row: { version: string; case_id: string; output: string; cost_eur: number }) => object): string {
  return outputsKit.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.stringify(f(JSON.parse(l)))).join('\n') + '\n';
}

const fixedOutputs = outputsKit.replace(CLAIM, ABSTAIN);
const policy = (patch: Record<string, unknown>) => ({ preset: 'eval_policy.json', patch });

export const gateStarts = {
  /** The candidate abstains on sin_evidencia_001. */
  fixed: { texts: { outputs: { text: fixedOutputs } } },
  /** That, and the policy requires the CI to clear the hypothesis's minimum delta. */
  fixedStrict: { texts: { outputs: { text: fixedOutputs }, policy: policy({ require_minimum_delta_evidence: true }) } },
  /** That, and a minimum interpretable delta of 0. */
  fixedStrictZero: { texts: { outputs: { text: fixedOutputs }, policy: policy({ require_minimum_delta_evidence: true }), hypothesis: { preset: 'eval_hypothesis.json', patch: { minimum_interpretable_delta: 0 } } } },
  /** The kit's gate: no critical slices. */
  noSlices: { texts: { policy: policy({ critical_slices: [] }) } },
  /** Abstention markers compared case-sensitively. */
  caseSensitive: { texts: { policy: policy({ text_normalization: 'none' }) } },
  /** The candidate's answer to horario_001 costs 0.035 € (its budget is 0.03 €). */
  overBudget: { texts: { outputs: { text: mapOutputs((r) => (r.version === 'candidate' && r.case_id === 'horario_001' ? { ...r, cost_eur: 0.035 } : r)) } } },
  /** Every candidate answer costs 0.05 €: none fits its budget. */
  allOverBudget: { texts: { outputs: { text: mapOutputs((r) => (r.version === 'candidate' ? { ...r, cost_eur: 0.05 } : r)) } } },
  /** sin_evidencia_001 weighs 5 instead of 1. */
  heavy: { texts: { cases: { text: casesKit.replace('"must_abstain":true,"weight":1', '"must_abstain":true,"weight":5') } } },
  /** sin_evidencia_001 weighs 0. */
  weightless: { texts: { cases: { text: casesKit.replace('"must_abstain":true,"weight":1', '"must_abstain":true,"weight":0') } } },
  /** Bootstrap seed 3. */
  seed3: { texts: { policy: policy({ bootstrap_seed: 3 }) } },
  /** 10,000 bootstrap rounds. */
  rounds10k: { texts: { policy: policy({ bootstrap_rounds: 10000 }) } },
  /**
   * Five improvements and no regression: the baseline fails every case (answers that lack an
   * expected term, or confirm the undocumented rule) and the candidate passes every one.
   */
  fiveWins: {
    texts: {
      outputs: {
        text: mapOutputs((r) => {
          if (r.version === 'candidate') return r.output === CLAIM ? { ...r, output: ABSTAIN } : r;
          if (r.case_id === 'matricula_001') return { ...r, output: 'Consulta el calendario académico del centro.' };
          if (r.case_id === 'beca_001') return { ...r, output: 'Revisa la convocatoria en la web de becas.' };
          if (r.output === BASE_ABSTAINS) return { ...r, output: CLAIM };
          return r;
        }),
      },
    },
  },
} satisfies Record<string, FigureStart>;
