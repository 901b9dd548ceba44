/**
 * The RAG lab's summary chart: the gate's metrics as bars on [0, 1] (the counts and the token
 * average are in the headline numbers), a failing check drawn hatched. It is the chart that moves
 * when a grade, the order of a list or the context changes; the summary shows where it moved from.
 */
import type { Lang } from '../../../../labs/core/contract/types.ts';
import { bilingual } from '../shared/bilingual.ts';
import type { RagResult } from '../../../../labs/rag/engine.ts';
import { ragMsg } from '../../../../labs/rag/i18n/index.ts';
import HBarChart, { type HBar } from '../../charts/HBarChart.tsx';

const TEXT = bilingual({
    title: 'Métricas de la puerta',
    desc: 'Cada métrica de la puerta entre 0 y 1; rayadas las que no cumplen su umbral.',
    x: 'valor (0 a 1)',
    table: 'Tabla de datos del gráfico',
    cols: ['Métrica', 'Valor'] as [string, string],
}, {
    title: 'Gate metrics',
    desc: 'Each gate metric between 0 and 1; hatched where it misses its threshold.',
    x: 'value (0 to 1)',
    table: "The chart's data table",
    cols: ['Metric', 'Value'] as [string, string],
});

const NOT_A_RATE = new Set(['critical_failures', 'avg_context_tokens']);

export function RagSummaryChart({ result, lang }: { result: RagResult; lang: Lang }) {
  const t = TEXT[lang];
  const lm = ragMsg(lang);
  const bars: HBar[] = result.checks.filter((c) => !NOT_A_RATE.has(c.id)).map((c) => ({
    key: c.id,
    label: lm.metrics[c.id],
    value: c.value,
    flagged: c.status !== 'pass',
    color: c.status === 'pass' ? '#1d4e89' : '#a3211b',
  }));
  if (bars.length === 0) return null;
  return <HBarChart testId="rag-summary-chart" title={t.title} description={t.desc} xLabel={t.x} bars={bars} tableSummary={t.table} columns={t.cols} max={1} width={400} />;
}
