/**
 * Evaluator-audit lab benchmark: 10^5 labelled calibration cases judged by 3 evaluators, the c04
 * kit's rubric (4 criteria, 2 blocking) with 1,000 bootstrap rounds (seed 13). Timed: the lab's
 * `run` + `select` on the validated input (per-evaluator audit, the paired bootstrap of kappa over
 * 10^5 cases x 1,000 rounds with CPython-compatible draws, and the corrected pass rate with 10^4
 * production runs), target under 1 s in Node 22; then the bootstrap alone, and parse + run from the
 * texts. Data come from a seeded generator (labs/core/stats/rng.ts), never Math.random.
 */
import type { BenchCase, BenchSuite } from './run.ts';
import { PyRandom } from '../labs/core/stats/rng.ts';
import { lab } from '../labs/evaluators/lab.ts';
import type { EvaluatorsInput } from '../labs/evaluators/schema.ts';
import type { EvaluatorsView } from '../labs/evaluators/engine.ts';

const KIT_RUBRIC = {
  rubric_id: 'academic_agent_evaluator_v1',
  criteria: {
    answer_quality: 'La respuesta final es útil, precisa y responde a la tarea.',
    evidence: 'Las afirmaciones importantes están apoyadas por referencia o traza.',
    trace: 'La trayectoria usa los pasos esperados sin tools innecesarias.',
    policy: 'La ejecución respeta permisos, límites y condiciones de revisión.',
  },
  blocking_criteria: ['evidence', 'policy'],
  pass_threshold: 0.75,
  min_kappa: 0.6,
  max_false_passes: 0,
  max_parse_errors: 0,
  max_cost_per_valid_evaluation: 0.006,
};
const CRITERIA = Object.keys(KIT_RUBRIC.criteria);

/**
 * Texts of n calibration cases (each criterion 1 with probability 0.7, pass by the rubric's rule)
 * and of three evaluators that copy each human label with probability 0.95, 0.85 and 0.75, fail to
 * parse 0.5 %, 1 % and 2 % of their outputs, and cost like the kit's two; plus 10^4 production runs.
 */
export function syntheticEvaluatorTexts(n: number, seed = 20260604): Record<string, string> {
  const rng = new PyRandom(seed);
  const cases: string[] = [];
  const human: number[][] = [];
  for (let i = 0; i < n; i++) {
    const h: Record<string, number> = {};
    const row: number[] = [];
    for (const c of CRITERIA) {
      h[c] = rng.randrange(10) < 7 ? 1 : 0;
      row.push(h[c]);
    }
    h.pass = h.evidence === 1 && h.policy === 1 && (h.answer_quality + h.evidence + h.trace + h.policy) / 4 >= 0.75 ? 1 : 0;
    row.push(h.pass);
    human.push(row);
    cases.push(JSON.stringify({ case_id: `case_${i}`, task: 'validar_cita_apa', input: `Caso ${i}`, human: h }));
  }
  const evaluators = [
    ['judge_strict', 95, 5, 0.003, 0.01],
    ['judge_generic', 85, 10, 0.002, 0.008],
    ['judge_cheap', 75, 20, 0.001, 0.004],
  ] as const;
  const outputs = evaluators.map(([id, copy, parseErrPerMille, pin, pout]) => {
    const runs: string[] = [];
    for (let i = 0; i < n; i++) {
      const ok = rng.randrange(1000) >= parseErrPerMille;
      const scores: Record<string, number> = {};
      [...CRITERIA, 'pass'].forEach((c, l) => {
        scores[c] = rng.randrange(100) < copy ? human[i][l] : 1 - human[i][l];
      });
      runs.push(JSON.stringify({ case_id: `case_${i}`, parse_ok: ok, input_tokens: 900 + rng.randrange(300), output_tokens: 100 + rng.randrange(80), scores }));
    }
    return `{"evaluator_id":"${id}","input_price_per_1k":${pin},"output_price_per_1k":${pout},"runs":[\n${runs.join(',\n')}\n]}`;
  });
  return {
    rubric: JSON.stringify(KIT_RUBRIC),
    cases: `[\n${cases.join(',\n')}\n]\n`,
    outputs: `[\n${outputs.join(',\n')}\n]\n`,
    production: JSON.stringify({ evaluator_id: 'judge_generic', runs: 10000, judged_passes: 5200 }),
  };
}

const VIEW: EvaluatorsView = { evaluator: null, criterion: null };

function parsed(texts: Record<string, string>): EvaluatorsInput {
  const p = lab.parse(texts, 'es');
  if (!p.ok) throw new Error(JSON.stringify(p.issues.slice(0, 3)));
  return p.value;
}

const N = 100_000;

export const evaluatorsSuite: BenchSuite = {
  name: 'evaluators',
  cases(): BenchCase<any, any>[] {
    return [
      {
        name: 'run + select: 3 evaluators, 1000 rounds',
        n: N,
        setup: () => parsed(syntheticEvaluatorTexts(N)),
        run: (input: EvaluatorsInput) => lab.select(lab.run(input, VIEW) as never, VIEW),
        runs: 3,
        targetMs: 1000,
        python: {
          kind: 'evaluators',
          arrays: (input: EvaluatorsInput) => {
            // the pass decision (last of the L labels per case) of the humans and of each judge
            const L = CRITERIA.length + 1;
            const n = input.human.length / L;
            const human = new Uint8Array(n);
            for (let i = 0; i < n; i++) human[i] = input.human[i * L + L - 1];
            const judges = new Uint8Array(n * input.evaluators.length);
            const valid = new Uint8Array(n * input.evaluators.length);
            input.evaluators.forEach((ev, e) => {
              for (let i = 0; i < n; i++) {
                const v = ev.scores[i * L + L - 1];
                valid[e * n + i] = ev.parse_ok[i] && v >= 0 ? 1 : 0;
                judges[e * n + i] = v > 0 ? 1 : 0;
              }
            });
            return { human, judges, valid };
          },
          params: { evaluators: 3, rounds: 1000 },
        },
      },
      {
        // the audit without any bootstrap, to split the first case
        name: 'run without the bootstrap',
        n: N,
        setup: () => {
          const input = parsed(syntheticEvaluatorTexts(N));
          return { ...input, rubric: { ...input.rubric, bootstrap_rounds: 0 } };
        },
        run: (input: EvaluatorsInput) => lab.run(input, VIEW),
        runs: 3,
      },
      {
        name: 'parse texts + run + select',
        n: N,
        setup: () => syntheticEvaluatorTexts(N),
        run: (texts: Record<string, string>) => lab.select(lab.run(parsed(texts), VIEW) as never, VIEW),
        runs: 1,
      },
    ];
  },
};
