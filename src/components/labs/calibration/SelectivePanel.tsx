/**
 * Selective prediction in the calibration island, for both paths (binary and K classes): the
 * risk-coverage curve the engine sampled (labs/calibration/selective_block.ts), AURC, the oracle's
 * AURC and E-AURC, each undefined value with its reason. The chart lays out for its box's width (useChartBox). Computes nothing.
 */
import type { Lang } from '../../../../labs/core/contract/types.ts';
import type { SelectiveBlock } from '../../../../labs/calibration/lab.ts';
import { ui } from './i18n/ui.ts';
import { fmt, UndefinedValue } from '../shared/format.tsx';
import { LabPanel } from '../shared/Panel.tsx';
import RiskCoverageChart from '../../charts/RiskCoverageChart.tsx';

export default function SelectivePanel({ s, lang, note }: { s: SelectiveBlock; lang: Lang; note: string }) {
  const t = ui(lang);
  const tm = t.calibration_mc;
  const v = (x: number | null, testId: string) => (
    <dd data-testid={testId}>{x === null ? <UndefinedValue reason={s.undefined_reason ?? 'no_cases'} lang={lang} /> : fmt(x, lang, 4)}</dd>
  );
  return (
    <LabPanel id="cal-selective-h" title={tm.selective_title} testId="selective-panel">
      <dl className="cal-figures">
        <div><dt>{tm.aurc}</dt>{v(s.aurc, 'sel-aurc')}</div>
        <div><dt>{tm.aurc_oracle}</dt>{v(s.aurc_oracle, 'sel-aurc-oracle')}</div>
        <div><dt>{tm.e_aurc}</dt>{v(s.e_aurc, 'sel-e-aurc')}</div>
      </dl>
      <p className="help">{tm.errors_line(s.n, s.errors, s.curve_points)} {note}</p>
      <RiskCoverageChart
          testId="selective-chart"
          title={tm.selective_title}
          description={tm.selective_desc(s.n)}
          xLabel={tm.cov}
          yLabel={tm.risk}
          points={s.points}
          fullRiskLabel={tm.full_risk}
          tableSummary={t.lab.chart_table}
          columns={[tm.threshold, tm.cov, tm.risk]}
          format={(x) => fmt(x, lang, 4)}
        />
      <p className="help">{tm.aurc_help}</p>
    </LabPanel>
  );
}
