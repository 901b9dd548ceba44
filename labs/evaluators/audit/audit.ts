/**
 * The audit of one evaluator against the human labels: accuracy per criterion over valid runs (and
 * the kit's inclusive figure), the exact pass kappa, the pass confusion with TPR/TNR, false and
 * critical false passes, the pass recomputed from the rubric, and costs (labs/evaluators/engine.ts
 * module comment).
 */
import { agreementMaybe, binaryKappaFromCounts } from '../../core/stats/agreement.ts';
import { atLeast } from '../../core/stats/tolerance.ts';
import { flattenMaybe, ratio } from '../../core/stats/maybe.ts';
import type { EvaluatorRuns, EvaluatorsInput } from '../schema.ts';
import { kitBinaryKappa, kitSafeDiv } from '../kit.ts';
import type { CaseFlag, CriterionReport, EvaluatorReport, M, PassConfusion, UR } from '../results.ts';

const m2 = (a: number, b: number, c: number, d: number): number[][] => [
  [a, b],
  [c, d],
];

function nullProto<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** Everything about one evaluator that does not need the bootstrap (module comment). */
export function auditEvaluator(input: EvaluatorsInput, ev: EvaluatorRuns): Omit<EvaluatorReport, 'pass_kappa_ci' | 'checks' | 'passes_gate'> & { cells: number[] } {
  const { rubric, cases, human } = input;
  const C = rubric.criteria.length;
  const L = C + 1;
  const n = cases.length;
  const names = rubric.criteria.map((c) => c.criterion);
  const blockingIdx = rubric.blocking_criteria.map((b) => names.indexOf(b));
  const pIn = ev.input_price_per_1k;
  const pOut = ev.output_price_per_1k;
  const matches = new Array<number>(L).fill(0);
  const kitMatches = new Array<number>(L).fill(0);
  // per criterion (and pass) confusion over valid runs: [h0j0, h0j1, h1j0, h1j1]
  const cm = new Array<number>(L * 4).fill(0);
  const rule = [0, 0, 0, 0];
  const falsePasses: string[] = [];
  const falseBlocks: string[] = [];
  const falsePassesKit: string[] = [];
  const falseBlocksKit: string[] = [];
  const falsePassCases: CaseFlag[] = [];
  const falseBlockCases: CaseFlag[] = [];
  const criticalCases: CaseFlag[] = [];
  const ruleFalsePasses: string[] = [];
  const ruleFalseBlocks: string[] = [];
  const ruleDisagreements: string[] = [];
  const kitPred: (number | null)[] = new Array(n);
  const kitRef = new Uint8Array(n);
  let total = 0;
  let valid = 0;
  let useful = 0;
  let ruleAgrees = 0;

  const flag = (i: number, failed: string[]): CaseFlag => ({ case_id: cases[i].case_id, task: cases[i].task, input: cases[i].input, blocking_failed: failed });
  const failedBlocking = (i: number): string[] => {
    const out: string[] = [];
    for (const b of blockingIdx) if (human[i * L + b] === 0) out.push(names[b]);
    return out;
  };
  for (let i = 0; i < n; i++) {
    const base = i * L;
    const hp = human[base + C];
    total += (ev.input_tokens[i] / 1000) * pIn + (ev.output_tokens[i] / 1000) * pOut;
    for (let l = 0; l < L; l++) if (ev.scores[base + l] === human[base + l]) kitMatches[l]++;
    const jpRaw = ev.scores[base + C];
    kitRef[i] = hp;
    kitPred[i] = jpRaw < 0 ? null : jpRaw;
    if (hp === 0 && jpRaw === 1) falsePassesKit.push(cases[i].case_id);
    if (hp === 1 && jpRaw === 0) falseBlocksKit.push(cases[i].case_id);
    if (!ev.parse_ok[i]) continue;
    valid++;
    let sum = 0;
    let blockingOk = true;
    for (let l = 0; l < L; l++) {
      const s = ev.scores[base + l];
      const h = human[base + l];
      if (s === h) matches[l]++;
      cm[l * 4 + h * 2 + s]++;
      if (l < C) sum += s;
    }
    for (const b of blockingIdx) if (ev.scores[base + b] !== 1) blockingOk = false;
    const jp = jpRaw;
    if (jp === hp) useful++;
    if (hp === 0 && jp === 1) {
      falsePasses.push(cases[i].case_id);
      falsePassCases.push(flag(i, failedBlocking(i)));
    }
    if (hp === 1 && jp === 0) {
      falseBlocks.push(cases[i].case_id);
      falseBlockCases.push(flag(i, failedBlocking(i)));
    }
    if (jp === 1) {
      const failed = failedBlocking(i);
      if (failed.length) criticalCases.push(flag(i, failed));
    }
    const rp = blockingOk && atLeast(sum / C, rubric.pass_threshold) ? 1 : 0;
    rule[hp * 2 + rp]++;
    if (rp === jp) ruleAgrees++;
    else ruleDisagreements.push(cases[i].case_id);
    if (hp === 0 && rp === 1) ruleFalsePasses.push(cases[i].case_id);
    if (hp === 1 && rp === 0) ruleFalseBlocks.push(cases[i].case_id);
  }
  const P = C * 4;
  const cells = [cm[P], cm[P + 1], cm[P + 2], cm[P + 3]];
  const confusion: PassConfusion = { true_pass: cells[3], false_pass: cells[1], false_block: cells[2], true_block: cells[0] };
  const humanPasses = cells[2] + cells[3];
  const humanBlocks = cells[0] + cells[1];
  const passAccuracy = ratio<UR>(matches[C], valid, 'no_valid_evaluations');
  const passKappa = agreementMaybe(binaryKappaFromCounts(cells[0], cells[1], cells[2], cells[3])) as M;
  const tpr = ratio<UR>(cells[3], humanPasses, 'no_human_passes');
  const tnr = ratio<UR>(cells[0], humanBlocks, 'no_human_blocks');
  const fpr = ratio<UR>(cells[1], humanBlocks, 'no_human_blocks');
  const fbr = ratio<UR>(cells[2], humanPasses, 'no_human_passes');
  const costPerValid = ratio<UR>(total, valid, 'no_valid_evaluations');
  const costPerUseful = ratio<UR>(total, useful, 'no_useful_evaluations');
  const criterionAccuracy = nullProto<number | null>();
  const criterionAccuracyKit = nullProto<number>();
  const perCriterion: CriterionReport[] = [];
  for (let l = 0; l < L; l++) {
    const name = l < C ? names[l] : 'pass';
    const acc = ratio<UR>(matches[l], valid, 'no_valid_evaluations');
    criterionAccuracy[name] = acc.value;
    criterionAccuracyKit[name] = kitSafeDiv(kitMatches[l], n);
    if (l === C) break;
    const k = agreementMaybe(binaryKappaFromCounts(cm[l * 4], cm[l * 4 + 1], cm[l * 4 + 2], cm[l * 4 + 3])) as M;
    const f = flattenMaybe({ accuracy: acc, kappa: k });
    perCriterion.push({
      criterion: name,
      blocking: rubric.blocking_criteria.includes(name),
      valid,
      matches: matches[l],
      accuracy: acc.value,
      accuracy_kit: criterionAccuracyKit[name],
      kappa: k.value,
      confusion_matrix: m2(cm[l * 4], cm[l * 4 + 1], cm[l * 4 + 2], cm[l * 4 + 3]),
      false_passes: cm[l * 4 + 1],
      false_blocks: cm[l * 4 + 2],
      undefined_metrics: f.reasons,
    });
  }
  const ruleAcc = ratio<UR>(rule[0] + rule[3], valid, 'no_valid_evaluations');
  const ruleKappa = agreementMaybe(binaryKappaFromCounts(rule[0], rule[1], rule[2], rule[3])) as M;
  const ruleFpr = ratio<UR>(rule[1], rule[0] + rule[1], 'no_human_blocks');
  const ruleFbr = ratio<UR>(rule[2], rule[2] + rule[3], 'no_human_passes');
  const ruleFlat = flattenMaybe({ accuracy: ruleAcc, kappa: ruleKappa, false_pass_rate: ruleFpr, false_block_rate: ruleFbr });
  const flat = flattenMaybe({
    pass_accuracy: passAccuracy,
    pass_kappa: passKappa,
    tpr,
    tnr,
    false_pass_rate: fpr,
    false_block_rate: fbr,
    cost_per_valid_evaluation: costPerValid,
    cost_per_useful_evaluation: costPerUseful,
  });
  const undefinedMetrics: Partial<Record<string, UR>> = { ...flat.reasons };
  if (valid === 0) undefinedMetrics.criterion_accuracy = 'no_valid_evaluations';
  return {
    evaluator_id: ev.evaluator_id,
    cases: n,
    parse_errors: n - valid,
    criterion_accuracy: criterionAccuracy,
    pass_accuracy: passAccuracy.value,
    pass_kappa: passKappa.value,
    ...agreementParts(cells[0], cells[1], cells[2], cells[3]),
    false_passes: falsePasses,
    false_blocks: falseBlocks,
    total_cost: total,
    cost_per_valid_evaluation: costPerValid.value,
    valid_evaluations: valid,
    parse_error_rate: (n - valid) / n,
    criterion_accuracy_kit: criterionAccuracyKit,
    pass_accuracy_kit: criterionAccuracyKit.pass,
    pass_kappa_kit: kitBinaryKappa(kitRef, kitPred),
    false_passes_kit: falsePassesKit,
    false_blocks_kit: falseBlocksKit,
    confusion,
    confusion_matrix: m2(cells[0], cells[1], cells[2], cells[3]),
    tpr: tpr.value,
    tnr: tnr.value,
    false_pass_rate: fpr.value,
    false_block_rate: fbr.value,
    critical_false_passes: criticalCases.length,
    critical_false_pass_cases: criticalCases,
    false_pass_cases: falsePassCases,
    false_block_cases: falseBlockCases,
    per_criterion: perCriterion,
    rubric_pass: {
      pass_threshold: rubric.pass_threshold,
      blocking_criteria: [...rubric.blocking_criteria],
      agrees_with_judge: ruleAgrees,
      disagreements_with_judge: ruleDisagreements,
      accuracy: ruleAcc.value,
      kappa: ruleKappa.value,
      confusion: { true_pass: rule[3], false_pass: rule[1], false_block: rule[2], true_block: rule[0] },
      false_passes: ruleFalsePasses,
      false_blocks: ruleFalseBlocks,
      false_pass_rate: ruleFpr.value,
      false_block_rate: ruleFbr.value,
      undefined_metrics: ruleFlat.reasons,
    },
    input_price_per_1k: pIn,
    output_price_per_1k: pOut,
    cost_per_run: total / n,
    useful_evaluations: useful,
    cost_per_useful_evaluation: costPerUseful.value,
    cost_per_valid_evaluation_kit: kitSafeDiv(total, valid),
    passes_gate_kit: false,
    undefined_metrics: undefinedMetrics,
    cells,
  };
}

/**
 * The parts of Cohen's kappa for the pass decision from its 2x2 table (m_hj: human h, judge j):
 * observed agreement p_o = (m00 + m11)/n, agreement expected by chance
 * p_e = ((m00 + m01)(m00 + m10) + (m10 + m11)(m01 + m11))/n², and the false passes m01. With no
 * valid run (n = 0) both proportions are null.
 */
function agreementParts(m00: number, m01: number, m10: number, m11: number): { pass_observed_agreement: number | null; pass_expected_agreement: number | null; false_pass_count: number } {
  const n = m00 + m01 + m10 + m11;
  if (n === 0) return { pass_observed_agreement: null, pass_expected_agreement: null, false_pass_count: m01 };
  return {
    pass_observed_agreement: (m00 + m11) / n,
    pass_expected_agreement: ((m00 + m01) * (m00 + m10) + (m10 + m11) * (m01 + m11)) / (n * n),
    false_pass_count: m01,
  };
}

/** Cases whose human `pass` differs from the rubric's rule applied to the human's criterion labels. */
export function humanRuleDisagreements(input: EvaluatorsInput): string[] {
  const { rubric, cases, human } = input;
  const C = rubric.criteria.length;
  const L = C + 1;
  const blockingIdx = rubric.blocking_criteria.map((b) => rubric.criteria.findIndex((c) => c.criterion === b));
  const out: string[] = [];
  for (let i = 0; i < cases.length; i++) {
    let sum = 0;
    for (let l = 0; l < C; l++) sum += human[i * L + l];
    const ok = blockingIdx.every((b) => human[i * L + b] === 1) && atLeast(sum / C, rubric.pass_threshold);
    if ((ok ? 1 : 0) !== human[i * L + C]) out.push(cases[i].case_id);
  }
  return out;
}
