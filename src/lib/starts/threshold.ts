/**
 * States of the threshold lab that chapter 02 cites (the `start` of its <Value> figures): the kit's
 * tickets and policy with one change, as the learner would make it in the lab, so that every
 * figure the chapter prints for such a state is the engine's own result on it. Texts are derived
 * from the preset files (never retyped); the policy uses merge patches; a view picks a pair.
 */
import type { FigureStart } from '../figures.ts';
import casesKit from '../../../labs/threshold/presets/classification_cases.jsonl?raw';

const policy = (patch: Record<string, unknown>) => ({ preset: 'threshold_policy.json', patch });
/** The single threshold t: the pair (t, t), i.e. the classifier "score >= t is urgent", no review zone. */
const single = (t: number): FigureStart => ({ view: { low: t, high: t } });
/** `n` extra normal tickets (label 0) with score `score`, ids extra_<tag>_<i>. */
const extra = (n: number, score: number, tag: string) => Array.from({ length: n }, (_, i) => JSON.stringify({ case_id: `extra_${tag}_${i + 1}`, score, label: 0, slice: 'consulta' })).join('\n');
const withCases = (...blocks: string[]) => ({ text: `${casesKit.trimEnd()}\n${blocks.join('\n')}\n` });

export const thresholdStarts = {
  /** The habitual cut, t = 0.5. */
  t05: single(0.5),
  /** t = 0.5 with F2 (beta = 2) in the policy. */
  t05beta2: { view: { low: 0.5, high: 0.5 }, texts: { policy: policy({ beta: 2 }) } },
  /** The kit's pair with beta = 2. */
  beta2: { texts: { policy: policy({ beta: 2 }) } },
  /** The Bayes cut of the kit's costs, t* = 2 / (2 + 12), rounded to the hundredth the sliders use. */
  tBayes: single(0.14),
  /** A cut inside the cheapest stretch of the single-threshold cost curve, (0.30, 0.37]. */
  t035: single(0.35),
  /** The pair 0.3 / 0.4 (high threshold lowered). */
  p03_04: { view: { low: 0.3, high: 0.4 } },
  /** The pair 0.2 / 0.3. */
  p02_03: { view: { low: 0.2, high: 0.3 } },
  /** The pair 0.2 / 0.4. */
  p02_04: { view: { low: 0.2, high: 0.4 } },
  /** The pair 0.3 / 0.6. */
  p03_06: { view: { low: 0.3, high: 0.6 } },
  /** The pair 0.4 / 0.5 (low threshold raised). */
  p04_05: { view: { low: 0.4, high: 0.5 } },
  /** A missed urgent ticket costs 30. */
  cfn30: { texts: { policy: policy({ cost_false_negative: 30 }) } },
  /** No recall floor and a missed urgent ticket costs 2. */
  cfn2NoFloor: { texts: { policy: policy({ cost_false_negative: 2, min_operational_recall: 0 }) } },
  /** Reviewing a ticket costs 3. */
  review3: { texts: { policy: policy({ cost_review: 3 }) } },
  /** Review capacity 10%. */
  cap10: { texts: { policy: policy({ max_review_rate: 0.1 }) } },
  /** Review capacity 5%. */
  cap05: { texts: { policy: policy({ max_review_rate: 0.05 }) } },
  /** ticket_009 (urgent) scored 0.29 instead of 0.37. */
  t009: { texts: { cases: { text: casesKit.replace('"case_id":"ticket_009","score":0.37', '"case_id":"ticket_009","score":0.29') } } },
  /** The same, looking at the chapter's pair 0.3 / 0.5. */
  t009p: { texts: { cases: { text: casesKit.replace('"case_id":"ticket_009","score":0.37', '"case_id":"ticket_009","score":0.29') } }, view: { low: 0.3, high: 0.5 } },
  /** The pair 0.9 / 0.95: no ticket reaches the high threshold. */
  p09_095: { view: { low: 0.9, high: 0.95 } },
  /** Ten extra normal tickets scored 0.05. */
  easy10: { texts: { cases: withCases(extra(10, 0.05, 'easy')) } },
  /** The kit's grid with 0.95 added: with the high threshold at 0.95 no ticket is flagged. */
  grid095: { texts: { policy: policy({ threshold_grid: [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95] }) } },
} satisfies Record<string, FigureStart>;
