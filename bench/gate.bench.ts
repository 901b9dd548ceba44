/**
 * Eval-gate lab benchmark: 10^5 synthetic cases answered by two versions, the kit's policy
 * (2000 bootstrap rounds, seed 13). Timed: `runGate` on the validated input (grading with
 * case folding, per-version scores, paired comparison, McNemar, paired bootstrap of 2000 rounds x
 * 10^5 CPython-compatible draws), target under 1 s in Node 22; and parse + run from the texts.
 * Data come from a seeded generator (labs/core/stats/rng.ts), never Math.random.
 */
import type { BenchCase, BenchSuite } from './run.ts';
import { PyRandom } from '../labs/core/stats/rng.ts';
import { parseGateInput } from '../labs/gate/schema.ts';
import type { GateInput } from '../labs/gate/schema.ts';
import { bootstrapWeightedQuality, runGate } from '../labs/gate/engine.ts';
import type { GateResult } from '../labs/gate/engine.ts';

const KIT_POLICY = {
  min_weighted_quality: 0.85,
  max_critical_failures: 0,
  max_cost_per_accepted_eur: 0.04,
  max_regressions: 0,
  critical_slices: ['sin_evidencia'],
  decision_owner: 'equipo-ia',
  rollback: 'mantener baseline y convertir el fallo en caso de regresión',
};

/**
 * Texts of n synthetic cases (slices like the c01 preset, 1 in 5 must abstain) and the answers of
 * the baseline (~70 % right) and the candidate (~80 % right), as JSONL.
 */
export function syntheticGateTexts(n: number, seed = 20260528): Record<string, string> {
  const rng = new PyRandom(seed);
  const slices = ['matricula', 'becas', 'sin_evidencia', 'servicios', 'soporte'];
  const terms = [['matrícula', 'plazo'], ['beca', 'documentación'], [], ['biblioteca', 'horario'], ['soporte', 'formulario']];
  const cases: string[] = [];
  const outs: string[] = [];
  for (let i = 0; i < n; i++) {
    const k = i % 5;
    const id = `${slices[k]}_${i}`;
    cases.push(JSON.stringify({ case_id: id, input: `Pregunta ${i}`, expected_contains: terms[k], must_abstain: k === 2, weight: 1 + rng.randrange(2), max_cost_eur: 0.04, slice: slices[k] }));
    for (const [version, pRight] of [['baseline', 70], ['candidate', 80]] as const) {
      const right = rng.randrange(100) < pRight;
      const text = k === 2 ? (right ? 'No tengo evidencia suficiente para confirmarlo.' : 'Sí, esa norma se aplica.') : right ? `Sobre ${terms[k].join(' y ')}: consulta la página del CENTRO.` : `Consulta la página del centro.`;
      outs.push(JSON.stringify({ version, case_id: id, output: text, cost_eur: (10 + rng.randrange(30)) / 1000 }));
    }
  }
  return { cases: cases.join('\n') + '\n', outputs: outs.join('\n') + '\n', policy: JSON.stringify(KIT_POLICY) };
}

function parsed(texts: Record<string, string>): GateInput {
  const p = parseGateInput(texts, 'es');
  if (!p.ok) throw new Error(JSON.stringify(p.issues.slice(0, 3)));
  return p.value;
}

/** Scorecards of the synthetic cases (one bootstrap round: the bootstrap cases time their own). */
function scored(n: number): GateResult {
  const input = parsed(syntheticGateTexts(n));
  return runGate({ ...input, policy: { ...input.policy, bootstrap_rounds: 1 } });
}

const N = 100_000;

export const gateSuite: BenchSuite = {
  name: 'gate',
  cases(): BenchCase<any, any>[] {
    return [
      // 10^3 and 10^4 for the shape of the curve; the target is at 10^5
      ...[1_000, 10_000, N].map((n) => ({
        name: 'runGate: 2 versions, 2000 bootstrap rounds',
        n,
        setup: () => parsed(syntheticGateTexts(n)),
        beforeEach: (input: GateInput) => input,
        run: (input: GateInput) => runGate(input),
        runs: n === N ? 3 : 5,
        ...(n === N ? { targetMs: 1000 } : {}),
      })),
      {
        // the bootstrap alone (integer weights: draws counted per group), to split the first case
        name: 'bootstrap only: 2000 rounds, grouped',
        n: N,
        setup: () => scored(N),
        beforeEach: (r: GateResult) => r,
        run: (r: GateResult) => bootstrapWeightedQuality(r.baseline, r.candidate, 13, 2000, 0.95),
        runs: 3,
      },
      {
        name: 'bootstrap only: 2000 rounds, case by case',
        n: N,
        setup: () => scored(N),
        beforeEach: (r: GateResult) => r,
        run: (r: GateResult) => bootstrapWeightedQuality(r.baseline, r.candidate, 13, 2000, 0.95, { method: 'direct' }),
        runs: 3,
        python: {
          kind: 'gate',
          arrays: (r: GateResult) => ({
            weights: Float64Array.from(r.candidate.results, (x) => x.weight),
            pass_a: Uint8Array.from(r.baseline.results, (x) => (x.passed ? 1 : 0)),
            pass_b: Uint8Array.from(r.candidate.results, (x) => (x.passed ? 1 : 0)),
          }),
          params: { rounds: 2000 },
        },
      },
      {
        name: 'parse texts + runGate',
        n: N,
        setup: () => syntheticGateTexts(N),
        beforeEach: (texts: Record<string, string>) => texts,
        run: (texts: Record<string, string>) => runGate(parsed(texts)),
        runs: 3,
      },
    ];
  },
};
