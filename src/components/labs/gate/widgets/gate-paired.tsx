/**
 * Widget "gate-paired" (chapter 01): the kit's five cases as tokens in the paired 2x2 table
 * (baseline passes or fails x candidate passes or fails). For each case a select says which
 * version passes it; the widget rewrites that case's answers in the outputs text (a passing answer
 * is one of the kit's own that passes the case; the two cases both versions pass get a written
 * answer that lacks an expected term when a version must fail them), and the gate engine regrades
 * everything in the worker: the cells, McNemar's b and c, its continuity-corrected statistic and
 * exact p-value, and the weighted-quality delta all come from the engine. Keyboard: one select per
 * case; the drawing has a data table with every case.
 */
import { useMemo, useState } from 'react';
import type { WidgetProps, WidgetSpec } from '../../../content/WidgetLoader.tsx';
import type { ResultOf } from '../../../../../labs/manifest.ts';
import ChartFrame, { PHONE_FALLBACK, useChartBox } from '../../../charts/ChartFrame.tsx';
import { formatFigure } from '../../../../lib/format-figure.ts';
import { gateWidgetsUi } from '../i18n/widgets.ts';
import { useWidgetRun } from '../../../widgets/support/LiveLab.tsx';
import { GATE_TEXTS, gateStart, gateTextsWithPolicy } from './gatePreset.ts';
import '../../../../styles/widgets-gate-threshold.css';

type Result = ResultOf<'gate'>;
type Outcome = 'both' | 'base' | 'cand' | 'none';
const OUTCOMES: Outcome[] = ['both', 'base', 'cand', 'none'];

/** The bootstrap is not drawn here: one round keeps the build's scorecard (and the page) small. */
const POLICY_PATCH = { bootstrap_rounds: 1 };
export const widget: WidgetSpec = { lab: 'gate', start: gateStart(POLICY_PATCH) };

interface Row { version: string; case_id: string; output: string; cost_eur: number }
const nonEmptyLines = (text: string) => text.split('\n').filter((l) => l.trim() !== '');
/** The kit's answers and case ids in each page language (the English kit names its cases in English). */
const ROWS: Record<'es' | 'en', Row[]> = {
  es: nonEmptyLines(GATE_TEXTS.es.outputs).map((l) => JSON.parse(l) as Row),
  en: nonEmptyLines(GATE_TEXTS.en.outputs).map((l) => JSON.parse(l) as Row),
};
const CASE_IDS: Record<'es' | 'en', string[]> = {
  es: nonEmptyLines(GATE_TEXTS.es.cases).map((l) => (JSON.parse(l) as { case_id: string }).case_id),
  en: nonEmptyLines(GATE_TEXTS.en.cases).map((l) => (JSON.parse(l) as { case_id: string }).case_id),
};

/**
 * Answers that fail the two cases both versions pass in the kit, in the kit's language: each lacks
 * an expected term (matricula_001 needs «matrícula» and «plazo», beca_001 «beca» and
 * «documentación»; enrollment_001 needs "enrollment" and "deadline", grant_001 "grant" and
 * "documentation").
 */
const WRITTEN_FAILS: Record<string, string> = {
  matricula_001: 'Consulta el calendario académico del centro.',
  beca_001: 'Revisa la convocatoria en la web de becas.',
  enrollment_001: "Check the school's academic calendar.",
  grant_001: 'Read the call on the university website.',
};

/** A kit answer (of either version) to `caseId` whose grade in `r` is `pass`, if there is one. */
function kitAnswer(rows: Row[], r: Result, caseId: string, pass: boolean): string | null {
  for (const v of [r.baseline, r.candidate]) {
    const res = v.results.find((x) => x.case_id === caseId);
    const row = rows.find((x) => x.version === v.name && x.case_id === caseId);
    if (res && row && res.passed === pass) return row.output;
  }
  return pass ? null : WRITTEN_FAILS[caseId] ?? null;
}

/** Lines of at most `chars` characters, broken at spaces (an estimate of what fits a width). */
function wrap(text: string, chars: number): string[] {
  const lines: string[] = [];
  for (const w of text.split(' ')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + w.length <= chars) lines[lines.length - 1] = `${last} ${w}`;
    else lines.push(w);
  }
  return lines;
}

/** A case id that fits `chars` characters: whole, else without its "_001" suffix, else cut with "…". */
function fitId(id: string, chars: number): string {
  if (id.length <= chars) return id;
  const short = id.replace(/_\d+$/, '');
  return short.length <= chars ? short : `${short.slice(0, Math.max(1, chars - 1))}…`;
}

function outcomeOf(base: boolean, cand: boolean): Outcome {
  return base && cand ? 'both' : base ? 'base' : cand ? 'cand' : 'none';
}

export default function GatePaired({ lang, initial }: WidgetProps) {
  const t = gateWidgetsUi[lang];
  const tp = t.paired;
  const kit = initial as Result;
  const caseIds = CASE_IDS[lang];
  const rows = ROWS[lang];
  const start = useMemo(() => {
    const m = new Map<string, Outcome>();
    for (const id of caseIds) {
      const b = kit.baseline.results.find((x) => x.case_id === id)?.passed ?? false;
      const c = kit.candidate.results.find((x) => x.case_id === id)?.passed ?? false;
      m.set(id, outcomeOf(b, c));
    }
    return m;
  }, [kit, caseIds]);
  const [choice, setChoice] = useState<Map<string, Outcome>>(start);
  const [touched, setTouched] = useState(false);
  const texts = useMemo(() => {
    if (!touched) return null;
    const out = rows.map((row) => {
      const o = choice.get(row.case_id) ?? 'both';
      const pass = row.version === 'baseline' ? o === 'both' || o === 'base' : o === 'both' || o === 'cand';
      const output = kitAnswer(rows, kit, row.case_id, pass) ?? row.output;
      return JSON.stringify({ ...row, output });
    });
    return { ...gateTextsWithPolicy(lang, POLICY_PATCH), outputs: `${out.join('\n')}\n` };
  }, [touched, choice, kit, rows, lang]);
  const run = useWidgetRun('gate', lang, kit, texts);
  const r = run.result;
  const box = useChartBox(PHONE_FALLBACK, 640, 240);
  const width = box.width;

  const baseBy = new Map(r.baseline.results.map((x) => [x.case_id, x]));
  const candBy = new Map(r.candidate.results.map((x) => [x.case_id, x]));
  const cellOf = (id: string): Outcome => outcomeOf(baseBy.get(id)?.passed ?? false, candBy.get(id)?.passed ?? false);
  const cells: Record<Outcome, string[]> = { both: [], base: [], cand: [], none: [] };
  for (const id of caseIds) cells[cellOf(id)].push(id);
  const p = r.paired_comparison;
  // b and c: the engine's lists of improvements and regressions (its McNemar counts when scores are binary).
  const mc = { b: p.baseline_failed_candidate_passed.length, c: p.baseline_passed_candidate_failed.length };
  const f = (v: number | null, d = 4) => (v === null ? tp.undefined_no_discordant : formatFigure(v, lang, d));

  // Layout: a header column and two equal cell columns; a header row and two cell rows. Text is
  // wrapped by an estimate of its width (0.62 em per character at 12 px, 0.61 em at 11 px mono).
  const headW = Math.min(118, Math.max(70, width * 0.22));
  const cellW = (width - headW - 8) / 2;
  const headChars = Math.max(6, Math.floor(cellW / 7.4));
  const colHeads = [wrap(tp.cand_pass, headChars), wrap(tp.cand_fail, headChars)];
  const headH = 10 + 15 * Math.max(...colHeads.map((l) => l.length));
  const tagChars = Math.max(6, Math.floor((cellW - 16) / 7.4));
  const tokenChars = Math.max(4, Math.floor((cellW - 28) / 6.7));
  const tagLines = (tag: string) => wrap(tag, tagChars - 3);
  const tagH = 14 * Math.max(...['both_pass', 'regression', 'improvement', 'both_fail'].map((k) => tagLines(tp[k as 'both_pass']).length));
  const cellH = 14 + tagH + 18 * Math.max(2, ...Object.values(cells).map((c) => c.length)) + 6;
  const H = headH + 2 * cellH + 4;
  const layout: { key: Outcome; col: 0 | 1; row: 0 | 1; tag: string; discordant: boolean }[] = [
    { key: 'both', row: 0, col: 0, tag: tp.both_pass, discordant: false },
    { key: 'base', row: 0, col: 1, tag: tp.regression, discordant: true },
    { key: 'cand', row: 1, col: 0, tag: tp.improvement, discordant: true },
    { key: 'none', row: 1, col: 1, tag: tp.both_fail, discordant: false },
  ];
  const count = (k: Outcome) => (k === 'both' ? p.both_passed : k === 'none' ? p.both_failed : k === 'base' ? p.baseline_passed_candidate_failed.length : p.baseline_failed_candidate_passed.length);

  return (
    <div className="wg" data-testid="widget-gate-paired">
      {run.runner}
      <div className="wg-box">
        <ChartFrame title={tp.title} description={tp.desc(p.both_passed, p.baseline_passed_candidate_failed.length, p.baseline_failed_candidate_passed.length, p.both_failed)}
          testId="gp-chart" width={width} height={H} box={box}
          table={{
            summary: t.table,
            columns: [tp.col_case, tp.col_weight, tp.col_base, tp.col_cand, tp.col_cell],
            rowHeaders: true,
            rows: caseIds.map((id) => ({
              key: id,
              cells: [id, candBy.get(id)?.weight ?? '', baseBy.get(id)?.passed ? tp.pass : tp.fail, candBy.get(id)?.passed ? tp.pass : tp.fail, layout.find((l) => l.key === cellOf(id))!.tag],
            })),
          }}>
          {colHeads.map((lines, col) => (
            <text key={col} x={headW + col * (cellW + 8) + cellW / 2} y={16} textAnchor="middle" className="wg-head">
              {lines.map((w, j) => <tspan key={j} x={headW + col * (cellW + 8) + cellW / 2} dy={j === 0 ? 0 : 15}>{w}</tspan>)}
            </text>
          ))}
          {[tp.base_pass, tp.base_fail].map((label, i) => {
            const lines = wrap(label, Math.max(6, Math.floor((headW - 8) / 7.4)));
            const cy = headH + i * (cellH + 4) + cellH / 2 - ((lines.length - 1) * 15) / 2 + 4;
            return (
              <text key={label} x={4} y={cy} className="wg-head">
                {lines.map((w, j) => <tspan key={j} x={4} dy={j === 0 ? 0 : 15}>{w}</tspan>)}
              </text>
            );
          })}
          {layout.map((l) => {
            const x0 = headW + l.col * (cellW + 8);
            const y0 = headH + l.row * (cellH + 4);
            const tl = tagLines(l.tag);
            return (
              <g key={l.key} data-cell={l.key}>
                <rect x={x0} y={y0} width={cellW} height={cellH} rx={6} className={l.discordant ? 'wg-cell wg-cell-disc' : 'wg-cell'} />
                <text x={x0 + 8} y={y0 + 17} className="wg-cell-tag">
                  <tspan className="wg-cell-count" data-testid={`gp-count-${l.key}`}>{count(l.key)}</tspan>
                  {tl.map((w, j) => <tspan key={j} x={j === 0 ? undefined : x0 + 8} dx={j === 0 ? 6 : 0} dy={j === 0 ? 0 : 14}>{w}</tspan>)}
                </text>
                {cells[l.key].map((id, i) => (
                  <g key={id}>
                    <rect x={x0 + 8} y={y0 + 10 + tagH + i * 18} width={cellW - 16} height={15} rx={7} className={l.discordant ? 'wg-token wg-token-disc' : 'wg-token'} />
                    <text x={x0 + 14} y={y0 + 21 + tagH + i * 18} className="wg-token-text">{fitId(id, tokenChars)}</text>
                  </g>
                ))}
              </g>
            );
          })}
        </ChartFrame>
      </div>
      <fieldset className="wg-cases">
        <legend>{tp.controls}</legend>
        {caseIds.map((id) => (
          <label key={id} className="wg-case">
            <code>{id}</code>
            <select value={choice.get(id)} data-testid={`gp-case-${id}`}
              onChange={(e) => { const v = e.currentTarget.value as Outcome; setTouched(true); setChoice((m) => new Map(m).set(id, v)); }}>
              {OUTCOMES.map((o) => <option key={o} value={o}>{tp.outcome[o]}</option>)}
            </select>
          </label>
        ))}
      </fieldset>
      <p className="wg-status" role="status" aria-live="polite">{run.busy ? t.computing : run.failed ? t.failed : ''}</p>
      <dl className="wg-readout" data-testid="gp-readout">
        <div><dt>b, c</dt><dd data-testid="gp-bc">{mc.b}, {mc.c}</dd></div>
        <div className="wg-wide"><dt>{tp.chi2}</dt><dd data-testid="gp-chi2">χ² = (|{mc.b} − {mc.c}| − 1)² / ({mc.b} + {mc.c}) = {f(p.mcnemar_chi2_continuity)}</dd></div>
        <div><dt>{tp.exact}</dt><dd data-testid="gp-exact">{f(p.mcnemar_exact_p_value)}</dd></div>
        <div><dt>{tp.delta}</dt><dd data-testid="gp-delta">{f(r.delta_quality)}</dd></div>
      </dl>
    </div>
  );
}
