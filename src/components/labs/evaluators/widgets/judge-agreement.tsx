/**
 * Widget "judge-agreement" (chapter 04): the generic judge's pass decision against the human one on
 * the kit's six cases, each case a token in its cell of the 2x2 agreement matrix. Pressing a token
 * (or its button below the figure, from the keyboard) flips the judge's verdict on that case: the
 * outputs text is edited (edit.ts, the lab's own helper) and the evaluator engine recomputes in the
 * worker; accuracy, Cohen's kappa with p_o and p_e, false and critical false passes come from the
 * engine, first from the build-time scorecard (`initial`), then from the live result. The drawing
 * lays out for its container's width (scale 1: text keeps its 11-12 px on a phone), and the data
 * table lists every case with both labels.
 */
import '../evaluators.css';
import { useCallback, useMemo, useState } from 'react';
import type { WidgetProps } from '../../../content/WidgetLoader.tsx';
import type { ResultOf } from '../../../../../labs/manifest.ts';
import ChartFrame, { PHONE_FALLBACK, useChartBox } from '../../../charts/ChartFrame.tsx';
import { wrapLabel } from '../../../charts/Axes.tsx';
import { ui } from '../i18n/ui.ts';
import { evaluatorsMsg } from '../../../../../labs/evaluators/i18n/index.ts';
import { flipJudgeScore, readCases, readOutputs } from '../edit.ts';
import LiveRun, { num, type LiveState } from '../../../widgets/shared/LiveRun.tsx';
import rubricEs from '../../../../../labs/evaluators/presets/evaluator_rubric.json?raw';
import rubricEn from '../../../../../labs/evaluators/presets/evaluator_rubric.en.json?raw';
import casesEs from '../../../../../labs/evaluators/presets/evaluator_calibration_cases.json?raw';
import casesEn from '../../../../../labs/evaluators/presets/evaluator_calibration_cases.en.json?raw';
import outputsText from '../../../../../labs/evaluators/presets/evaluator_outputs.json?raw';

type Result = ResultOf<'evaluators'>;

export const widget = { lab: 'evaluators' };

const JUDGE = 'evaluator_v1_generic';
const TOKEN_H = 24;
const TOKEN_GAP = 6;

/** The shortest distinct label of each id: what follows the ids' common prefix. */
function shortLabels(ids: string[]): Map<string, string> {
  let prefix = ids[0] ?? '';
  for (const id of ids) while (!id.startsWith(prefix)) prefix = prefix.slice(0, -1);
  const cut = prefix.length;
  return new Map(ids.map((id) => [id, id.slice(cut) || id]));
}

export default function JudgeAgreement({ lang, initial }: WidgetProps) {
  const tw = ui(lang).evaluators.widget_agreement;
  const base = useMemo(() => ({ rubric: lang === 'en' ? rubricEn : rubricEs, cases: lang === 'en' ? casesEn : casesEs }), [lang]);
  const [outputs, setOutputs] = useState<string | null>(null);
  const [live, setLive] = useState<LiveState<Result> | null>(null);
  const onState = useCallback((s: LiveState<Result>) => setLive(s), []);
  const result = (live?.result ?? initial) as Result | null;
  const report = result?.reports.find((r) => r.evaluator_id === JUDGE) ?? null;
  const human = useMemo(() => readCases(base.cases), [base.cases]);
  const judge = useMemo(() => readOutputs(outputs ?? outputsText)?.find((o) => o.evaluator_id === JUDGE) ?? null, [outputs]);
  const box = useChartBox(PHONE_FALLBACK, 720, 240);
  const width = box.width;
  if (!report || !human || !judge) return null;

  const ids = human.cases.map((c) => c.case_id);
  const short = shortLabels(ids);
  const cells = new Map<string, string[]>();
  const pairOf = (id: string) => ({ h: human.cases.find((c) => c.case_id === id)?.labels.get('pass') ?? null, j: judge.runs.get(id)?.scores.get('pass') ?? null });
  for (const id of ids) {
    const { h, j } = pairOf(id);
    const key = `${h}${j}`;
    cells.set(key, [...(cells.get(key) ?? []), id]);
  }
  const flip = (id: string) => {
    const next = flipJudgeScore(outputs ?? outputsText, JUDGE, id, 'pass');
    if (next !== null) setOutputs(next);
  };
  const reset = () => {
    setOutputs(null);
    setLive(null);
  };

  // Layout for the measured width: a header column, two cells per row, tokens wrapping in a cell.
  const W = width;
  const headW = Math.min(110, Math.max(78, W * 0.28));
  const cellW = (W - headW - 8) / 2;
  const tokenW = 44;
  const perRow = Math.max(1, Math.floor((cellW - 12 + TOKEN_GAP) / (tokenW + TOKEN_GAP)));
  const maxTokens = Math.max(1, ...[...cells.values()].map((v) => v.length));
  const outcomes = evaluatorsMsg(lang).outcomes;
  const outcome = (h: number, j: number) => (h === 1 ? (j === 1 ? 'true_pass' : 'false_block') : j === 1 ? 'false_pass' : 'true_block') as 'true_pass' | 'false_block' | 'false_pass' | 'true_block';
  const nameLines = new Map(['11', '10', '01', '00'].map((k) => [k, wrapLabel(`${(cells.get(k) ?? []).length} · ${outcomes[outcome(Number(k[0]), Number(k[1]))]}`, cellW - 14, 12, 2)]));
  const nameH = Math.max(...[...nameLines.values()].map((l) => l.length)) * 15;
  const cellH = 14 + nameH + Math.ceil(maxTokens / perRow) * (TOKEN_H + TOKEN_GAP);
  const te = ui(lang).evaluators;
  const colLines = [wrapLabel(te.judge_passes, cellW - 8, 12, 2), wrapLabel(te.judge_blocks, cellW - 8, 12, 2)];
  const headH = 10 + Math.max(...colLines.map((l) => l.length)) * 15;
  const rowLabels = [wrapLabel(te.human_passes, headW - 10, 12, 3), wrapLabel(te.human_blocks, headW - 10, 12, 3)];
  const H = headH + 2 * cellH + 12;
  const layoutCell = (h: 0 | 1, j: 0 | 1) => ({ x: headW + (j === 1 ? 0 : 1) * (cellW + 8), y: headH + (h === 1 ? 0 : 1) * (cellH + 6) });
  const floor = result?.reports[0]?.checks.find((c) => c.id === 'pass_kappa')?.threshold ?? null;
  const k = report.pass_kappa;
  return (
    <div className="ev-widget widget-judge" data-testid="widget-judge-agreement" data-kappa={k ?? ''}>
      <div>
        <ChartFrame
          title={tw.title}
          description={tw.desc(ids.length)}
          width={W}
          height={H}
          box={box}
          table={{
            summary: ui(lang).lab.chart_table,
            columns: [tw.table_case, tw.table_human, tw.table_judge],
            rowHeaders: true,
            rows: ids.map((id) => {
              const { h, j } = pairOf(id);
              return { key: id, cells: [id, h === 1 ? tw.passes : tw.blocks, j === 1 ? tw.passes : tw.blocks] };
            }),
          }}
        >
          {colLines.map((lines, c) => lines.map((l, i) => (
            <text key={`c${c}${i}`} x={headW + c * (cellW + 8) + cellW / 2} y={14 + i * 15} textAnchor="middle" className="axis-label">{l}</text>
          )))}
          {rowLabels.map((lines, r) => lines.map((l, i) => (
            <text key={`r${r}${i}`} x={4} y={headH + r * (cellH + 6) + 18 + i * 15} className="axis-label">{l}</text>
          )))}
          {([1, 0] as const).map((h) => ([1, 0] as const).map((j) => {
            const { x, y } = layoutCell(h, j);
            const list = cells.get(`${h}${j}`) ?? [];
            const agree = h === j;
            return (
              <g key={`${h}${j}`} data-cell={`${h}${j}`}>
                <rect x={x} y={y} width={cellW} height={cellH} rx={6} fill={agree ? '#e5f4ea' : '#fbe9e7'} stroke={agree ? '#1f6b3a' : '#a3211b'} strokeWidth={agree ? 1 : 2} />
                {(nameLines.get(`${h}${j}`) ?? []).map((l, i) => <text key={i} x={x + 8} y={y + 16 + i * 15} className="token-count">{l}</text>)}
                {list.map((id, t) => {
                  const tx = x + 8 + (t % perRow) * (tokenW + TOKEN_GAP);
                  const ty = y + 8 + nameH + Math.floor(t / perRow) * (TOKEN_H + TOKEN_GAP);
                  return (
                    <g key={id} data-token={id} data-outcome={outcome(h, j)} onClick={() => flip(id)} style={{ cursor: 'pointer' }}>
                      <rect x={tx} y={ty} width={tokenW} height={TOKEN_H} rx={12} fill="#fff" stroke={agree ? '#1f6b3a' : '#a3211b'} strokeWidth={1.5} />
                      <text x={tx + tokenW / 2} y={ty + 16} textAnchor="middle" className="token-label">{short.get(id)}</text>
                    </g>
                  );
                })}
              </g>
            );
          }))}
        </ChartFrame>
      </div>
      <p className="widget-figures" data-testid="widget-judge-figures">
        <span>{tw.accuracy} <strong data-testid="wj-accuracy">{num(report.pass_accuracy, lang, 3)}</strong></span>
        <span>{tw.kappa} <strong data-testid="wj-kappa">{k === null ? ui(lang).lab.undefined_value : num(k, lang, 3)}</strong></span>
        <span>{tw.false_passes} <strong data-testid="wj-false-passes">{report.false_pass_count}</strong></span>
        <span>{tw.critical} <strong>{report.critical_false_passes}</strong></span>
      </p>
      <p className="widget-formula">{tw.formula(num(report.pass_observed_agreement, lang, 3), num(report.pass_expected_agreement, lang, 3), k === null ? ui(lang).lab.undefined_value : num(k, lang, 3))}</p>
      {floor !== null && <p className="help">{tw.floor(num(floor, lang, 2))}</p>}
      <div className="widget-controls" role="group" aria-label={tw.controls}>
        <span>{tw.controls}:</span>
        {ids.map((id) => {
          const j = judge.runs.get(id)?.scores.get('pass') ?? null;
          return (
            <button key={id} type="button" className={`ev-flip ${j === 1 ? 'on' : 'off'}`} onClick={() => flip(id)} aria-label={`${short.get(id)} · ${j === 1 ? tw.passes : tw.blocks} — ${tw.flip(id, j === 1 ? tw.passes : tw.blocks)}`} data-testid={`wj-flip-${id}`}>
              {short.get(id)} · {j === 1 ? tw.passes : tw.blocks}
            </button>
          );
        })}
        <button type="button" onClick={reset} disabled={outputs === null} data-testid="wj-reset">{tw.reset}</button>
      </div>
      <p className="widget-status" role="status">{live?.busy ? tw.computing : ''}</p>
      {outputs !== null && <LiveRun lab="evaluators" lang={lang} texts={{ ...base, outputs, ordinal: '', construct: '', production: '', pairwise: '', budget: '' }} onState={onState} />}
    </div>
  );
}
