/**
 * The trace lab's summary chart: S_run of every run as bars on [0, 1] with the policy's minimum as
 * a reference line, a failing run drawn hatched (a run can clear the minimum and still fail a
 * blocking rule). It moves when a step, an approval or a weight changes; the summary shows where it
 * moved from.
 */
import type { Lang } from '../../../../labs/core/contract/types.ts';
import { bilingual } from '../shared/bilingual.ts';
import type { TraceResult } from '../../../../labs/trace/engine.ts';
import HBarChart, { type HBar } from '../../charts/HBarChart.tsx';
import { fmt } from '../shared/format.tsx';

const TEXT = bilingual({
    title: 'S_run por ejecución',
    desc: 'La puntuación S_run de cada ejecución entre 0 y 1, con el mínimo de la política; rayadas las ejecuciones que fallan.',
    x: 'S_run (0 a 1)',
    min: (v: string) => `mínimo ${v}`,
    undef: 'indefinida',
    table: 'Tabla de datos del gráfico',
    cols: ['Ejecución', 'S_run'] as [string, string],
}, {
    title: 'S_run by run',
    desc: "Each run's S_run between 0 and 1, with the policy's minimum; failing runs hatched.",
    x: 'S_run (0 to 1)',
    min: (v: string) => `minimum ${v}`,
    undef: 'undefined',
    table: "The chart's data table",
    cols: ['Run', 'S_run'] as [string, string],
});

export function TraceSummaryChart({ result, lang }: { result: TraceResult; lang: Lang }) {
  const t = TEXT[lang];
  const bars: HBar[] = result.runs.map((r) => ({
    key: r.run_id,
    label: r.run_id,
    value: r.s_run,
    undefinedText: t.undef,
    flagged: r.decision.verdict !== 'pass',
    color: r.decision.verdict === 'pass' ? '#1d4e89' : '#a3211b',
  }));
  return <HBarChart testId="trace-summary-chart" title={t.title} description={t.desc} xLabel={t.x} bars={bars} tableSummary={t.table} columns={t.cols} max={1} width={400}
    reference={{ value: result.min_s_run, label: t.min(fmt(result.min_s_run, lang, 2)) }} />;
}
