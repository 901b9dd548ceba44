/**
 * Chapter 06 widget: the normalization steps on and off, and which item axes flip. The reader ticks
 * the steps of the output's normalization chain (and whether expected entries are normalized too);
 * the rubric engine scores the tutor's items under the full rubric and under that configuration
 * (inputs `rubric` and `rubric_b`) and returns the comparison: the exam mean of each, and every axis
 * that flipped. The widget draws the two text axes of the 13 items, filled when they match under the
 * reader's configuration, with the flips marked FN (new false negative) or FP. Built with the
 * engine's comparison against the preset whose case-fold step is off: the break.
 */
import { useState } from 'react';
import type { RubricResult } from '../../../../../labs/rubric/lab.ts';
import ChartFrame from '../../../charts/ChartFrame.tsx';
import { formatFigure } from '../../../../lib/format-figure.ts';
import { ui } from '../i18n/widgets.ts';
import type { WidgetProps, WidgetSpec } from '../../../content/WidgetLoader.tsx';
import { useEngine, usePresetTexts } from '../../../widgets/engine.ts';
import '../../../../styles/widgets-0506.css';

export const widget: WidgetSpec = {
  lab: 'rubric',
  start: {
    es: { texts: { rubric_b: { preset: 'capstone_rubric_casefold_off.json' } } },
    en: { texts: { rubric_b: { preset: 'capstone_rubric_casefold_off.en.json' } } },
  },
};

const STEPS = ['strip', 'nfc', 'case_fold', 'strip_trailing_period', 'collapse_whitespace'] as const;
type Step = (typeof STEPS)[number];
const TEXT_AXES = ['correctness', 'spanish_gloss'] as const;
const START: Record<Step, boolean> = { strip: true, nfc: true, case_fold: false, strip_trailing_period: true, collapse_whitespace: true };
const W = 300, ROW = 20, TOP = 30, LEFT = 50, COL = 122;

export default function RubricCasefold({ lang, initial }: WidgetProps) {
  const t = ui(lang).widgets_rubric.casefold;
  const names = ui(lang).widgets_rubric.axes;
  const [steps, setSteps] = useState<Record<Step, boolean>>(START);
  const [normExpected, setNormExpected] = useState(false);
  const preset = usePresetTexts('rubric', lang);
  const changed = normExpected || STEPS.some((s) => steps[s] !== START[s]);
  const texts = preset && changed ? { items: preset.items, rubric: preset.rubric, rubric_b: configured(preset.rubric, steps, normExpected) } : null;
  const engine = useEngine<RubricResult>('rubric', lang, texts);
  const start = initial as RubricResult;
  const result = changed ? (engine.result ?? start) : start;
  const stale = changed && (engine.busy || engine.result === null);
  const cmp = result.comparison;
  const flips = new Map((cmp?.flips ?? []).map((fl) => [`${fl.item}\u0000${fl.axis}`, fl]));
  const f = (v: number | null | undefined) => (v === null || v === undefined ? '–' : formatFigure(v, lang, 3));
  const items = result.items;
  const H = TOP + items.length * ROW + 10;
  const cell = (item: string, axis: string, a: number) => {
    const fl = flips.get(`${item}\u0000${axis}`);
    return { full: a, yours: fl ? fl.score_b : a, flip: fl?.kind ?? null };
  };

  return (
    <div className="w0506" data-testid="widget-rubric-casefold" data-flips={cmp?.flips.length ?? 0} aria-busy={stale}>
      <div className="w-controls">
        <fieldset className="w-checks">
          <legend>{t.steps}</legend>
          {STEPS.map((s) => (
            <label key={s}>
              <input type="checkbox" checked={steps[s]} onChange={(e) => { const on = e.currentTarget.checked; setSteps((x) => ({ ...x, [s]: on })); }} data-testid={`w-step-${s}`} /> <span><code>{s}</code>: {t.step_names[s]}</span>
            </label>
          ))}
          <label><input type="checkbox" checked={normExpected} onChange={(e) => setNormExpected(e.currentTarget.checked)} data-testid="w-normalize-expected" /> {t.normalize_expected}</label>
        </fieldset>
      </div>
      <dl className="w-readout" aria-live="polite">
        <div><dt>{t.exam} ({t.full})</dt><dd>{f(cmp?.exam_score_a)}</dd></div>
        <div><dt>{t.exam} ({t.yours})</dt><dd data-testid="w-exam-b">{f(cmp?.exam_score_b)}</dd></div>
        <div><dt>{t.gate} ({t.yours})</dt><dd className={cmp?.hard_gate_b === 'pass' ? 'w-pass' : 'w-fail'} data-testid="w-gate-b">{cmp?.hard_gate_b === 'pass' ? t.pass : t.fail}</dd></div>
        <div><dt>{t.fn}</dt><dd data-testid="w-fn">{cmp?.false_negatives ?? 0}</dd></div>
        <div><dt>{t.fp}</dt><dd data-testid="w-fp">{cmp?.false_positives ?? 0}</dd></div>
        {stale && <div className="w-busy"><dd>{t.computing}</dd></div>}
      </dl>
      <ChartFrame
        title={t.title}
        description={t.description}
        className="w-chart"
        testId="w-casefold-chart"
        width={W}
        height={H}
        caption={
          <ul className="legend legend-inline">
            <li><span className="swatch square" style={{ background: '#1d4e89' }} aria-hidden="true" /> {t.match}</li>
            <li><span className="swatch square" style={{ background: '#fff', border: '1px solid #6b7380' }} aria-hidden="true" /> {t.miss}</li>
            <li><span className="swatch square" style={{ background: '#fff', border: '2px solid #a3211b' }} aria-hidden="true" /> {t.flip_fn} / {t.flip_fp}</li>
          </ul>
        }
        table={{
          summary: t.table,
          columns: [t.col_item, t.col_axis, t.col_full, t.col_yours, t.col_change],
          rowHeaders: true,
          rows: items.flatMap((i) =>
            TEXT_AXES.map((a) => {
              const c = cell(i.item, a, i.breakdown[a] ?? 0);
              return {
                key: `${i.item}-${a}`,
                className: c.flip ? 'w-flip' : undefined,
                cells: [i.item, names[a], c.full === 1 ? t.match : t.miss, c.yours === 1 ? t.match : t.miss, c.flip === 'false_negative' ? t.changed_fn : c.flip === 'false_positive' ? t.changed_fp : t.unchanged],
              };
            }),
          ),
        }}
      >
        {TEXT_AXES.map((a, k) => (
          <text key={a} x={LEFT + k * COL + 4} y={TOP - 10} className="w-strip-label">{a}</text>
        ))}
        {items.map((i, r) => {
          const y0 = TOP + r * ROW;
          return (
            <g key={i.item} data-item={i.item}>
              <text x={LEFT - 8} y={y0 + 12} textAnchor="end" className="w-item">{i.item}</text>
              {TEXT_AXES.map((a, k) => {
                const c = cell(i.item, a, i.breakdown[a] ?? 0);
                const x0 = LEFT + k * COL + 4;
                return (
                  <g key={a} data-axis={a} data-flip={c.flip ?? ''}>
                    <rect x={x0} y={y0 + 1} width={14} height={14} rx={2} fill={c.yours === 1 ? '#1d4e89' : '#fff'} stroke={c.flip ? '#a3211b' : '#6b7380'} strokeWidth={c.flip ? 2.5 : 1} />
                    {c.flip && <text x={x0 + 22} y={y0 + 12} className="w-mark" style={{ fill: "#a3211b" }}>{c.flip === 'false_negative' ? t.flip_fn : t.flip_fp}</text>}
                  </g>
                );
              })}
            </g>
          );
        })}
      </ChartFrame>
    </div>
  );
}

/** The rubric text with its normalization steps switched as the reader chose. */
function configured(rubric: string, steps: Record<Step, boolean>, normalizeExpected: boolean): string {
  try {
    const r = JSON.parse(rubric) as { normalization: { steps: { step: string; enabled: boolean }[]; normalize_expected: boolean } };
    for (const s of r.normalization.steps) if (Object.prototype.hasOwnProperty.call(steps, s.step)) s.enabled = steps[s.step as Step];
    r.normalization.normalize_expected = normalizeExpected;
    return JSON.stringify(r);
  } catch {
    return rubric;
  }
}
