/**
 * Chapter 05 widget: the number and kind of bins beside a reliability diagram with the count of
 * every bin under it. The reader moves a slider (1 to 20 bins), picks equal-width or equal-mass
 * bins and raw or calibrated probabilities; the calibration engine recomputes the reliability table
 * (view `bins` / `binning`; the histogram calibrator is refitted with the same bins) and the widget
 * draws it: mean promise against observed frequency, Wilson bars, point area by count, ECE and MCE.
 * Built with the engine's table for 5 equal-width bins on the kit; no metric is computed here.
 */
import { useState } from 'react';
import { scaleLinear, scaleSqrt } from 'd3-scale';
import type { CalibrationResult, MetricsBlock } from '../../../../../labs/calibration/lab.ts';
import ChartFrame from '../../../charts/ChartFrame.tsx';
import { formatFigure } from '../../../../lib/format-figure.ts';
import { ui } from '../i18n/widgets.ts';
import type { WidgetProps, WidgetSpec } from '../../../content/WidgetLoader.tsx';
import { useEngine, usePresetTexts } from '../../../widgets/engine.ts';
import '../../../../styles/widgets-0506.css';
import { binInterval, intervalSep } from '../../../charts/binInterval.ts';

/** The widget's starting state: the kit with its 5 equal-width bins, no bootstrap (not shown). */
export const widget: WidgetSpec = {
  lab: 'calibration',
  start: { texts: { policy: { preset: 'calibration_policy.json', patch: { bootstrap_rounds: 0 } } } },
};

type Binning = 'uniform' | 'quantile';
type Series = 'raw' | 'calibrated';

const W = 300, PLOT_TOP = 10, PLOT = 210, LEFT = 52, RIGHT = 10, STRIP_H = 26;
const COLOR: Record<Series, string> = { raw: '#8a4b08', calibrated: '#1d4e89' };

export default function CalibrationBins({ lang, initial }: WidgetProps) {
  const t = ui(lang).widgets_calibration.bins;
  const [bins, setBins] = useState(5);
  const [binning, setBinning] = useState<Binning>('uniform');
  const [series, setSeries] = useState<Series>('raw');
  const preset = usePresetTexts('calibration', lang);
  const texts = preset ? { ...preset, policy: withoutBootstrap(preset.policy) } : null;
  const changed = bins !== 5 || binning !== 'uniform';
  const engine = useEngine<CalibrationResult>('calibration', lang, changed ? texts : null, { bins, binning });
  const start = initial as CalibrationResult;
  const result = changed ? (engine.result ?? start) : start;
  const block: MetricsBlock = series === 'raw' ? result.raw_metrics : result.calibrated_metrics;
  const f = (v: number | null, d = 3) => formatFigure(v, lang, d);
  const stale = changed && (engine.busy || engine.result === null);

  const area = { left: LEFT, right: W - RIGHT, top: PLOT_TOP, bottom: PLOT_TOP + PLOT };
  const x = scaleLinear().domain([0, 1]).range([area.left, area.right]);
  const y = scaleLinear().domain([0, 1]).range([area.bottom, area.top]);
  const maxCount = Math.max(1, ...block.reliability.map((r) => r.count));
  const radius = scaleSqrt().domain([0, maxCount]).range([0, 10]);
  const stripTop = area.bottom + 60;
  const H = stripTop + STRIP_H + 8;
  const color = COLOR[series];
  const ticks = [0, 0.25, 0.5, 0.75, 1];

  return (
    <div className="w0506" data-testid="widget-calibration-bins" data-bins={block.bins} data-binning={block.binning} aria-busy={stale}>
      <div className="w-controls">
        <label className="w-range">
          <span>{t.bins}: <output data-testid="w-bins-value">{bins}</output></span>
          <input type="range" min={1} max={20} step={1} value={bins} onChange={(e) => setBins(Number(e.currentTarget.value))} data-testid="w-bins" />
        </label>
        <fieldset className="w-radios">
          <legend>{t.binning}</legend>
          {(['uniform', 'quantile'] as const).map((b) => (
            <label key={b}><input type="radio" name={`w-binning-${lang}`} value={b} checked={binning === b} onChange={() => setBinning(b)} data-testid={`w-binning-${b}`} /> {t[b]}</label>
          ))}
        </fieldset>
        <fieldset className="w-radios">
          <legend>{t.series}</legend>
          {(['raw', 'calibrated'] as const).map((s) => (
            <label key={s}><input type="radio" name={`w-series-${lang}`} value={s} checked={series === s} onChange={() => setSeries(s)} data-testid={`w-series-${s}`} /> {t[s]}</label>
          ))}
        </fieldset>
      </div>
      <dl className="w-readout" aria-live="polite">
        <div><dt>{t.ece}</dt><dd data-testid="w-ece">{f(block.ece)}</dd></div>
        <div><dt>{t.mce}</dt><dd data-testid="w-mce">{f(block.mce)}</dd></div>
        <div><dt>{t.empty}</dt><dd data-testid="w-empty">{block.empty_bins}</dd></div>
        {stale && <div className="w-busy"><dd>{t.computing}</dd></div>}
      </dl>
      <ChartFrame
        title={t.title}
        description={t.description(block.bins, t[series])}
        className="w-chart"
        testId="w-reliability"
        width={W}
        height={H}
        caption={
          <ul className="legend">
            <li><span className="swatch" style={{ background: color }} aria-hidden="true" /> {t[series]}</li>
            <li><span className="swatch dashed" aria-hidden="true" /> {t.perfect}</li>
          </ul>
        }
        table={{
          summary: t.table,
          columns: [t.col_bin, t.col_range, t.col_count, t.col_pos, t.col_conf, t.col_obs, t.col_gap, t.col_wilson],
          rows: block.reliability.map((r) => ({
            key: r.bin,
            cells: [r.bin + 1, binInterval(f(r.range[0], 2), f(r.range[1], 2), r.bin, block.reliability.length, block.binning), r.count, r.positives, f(r.confidence), f(r.accuracy), f(r.gap), r.wilson_low === null ? '–' : `[${f(r.wilson_low)}${intervalSep(f(r.wilson_low), f(r.wilson_high))}${f(r.wilson_high)}]`],
          })),
        }}
      >
        {ticks.map((v) => (
          <g key={v} className="grid">
            <line x1={x(v)} x2={x(v)} y1={area.top} y2={area.bottom} />
            <line x1={area.left} x2={area.right} y1={y(v)} y2={y(v)} />
            <text x={x(v)} y={area.bottom + 16} textAnchor="middle">{formatFigure(v, lang, 2)}</text>
            <text x={area.left - 6} y={y(v) + 4} textAnchor="end">{formatFigure(v, lang, 2)}</text>
          </g>
        ))}
        <text className="axis-label" x={(area.left + area.right) / 2} y={area.bottom + 34} textAnchor="middle">{t.x}</text>
        <text className="axis-label" transform={`translate(13 ${(area.top + area.bottom) / 2}) rotate(-90)`} textAnchor="middle">{t.y}</text>
        <line x1={x(0)} y1={y(0)} x2={x(1)} y2={y(1)} stroke="#6b7380" strokeWidth={1.5} strokeDasharray="5 4" />
        {block.reliability.map((r) => {
          if (r.count === 0 || r.confidence === null || r.accuracy === null) return null;
          const cx = x(r.confidence);
          const cy = y(r.accuracy);
          return (
            <g key={r.bin} className="rel-point" data-bin={r.bin} data-count={r.count}>
              {r.wilson_low !== null && r.wilson_high !== null && (
                <line x1={cx} x2={cx} y1={y(r.wilson_low)} y2={y(r.wilson_high)} stroke={color} strokeWidth={1.5} />
              )}
              <circle cx={cx} cy={cy} r={Math.max(3, radius(r.count))} fill={color} fillOpacity={0.55} stroke={color} strokeWidth={1.5} />
            </g>
          );
        })}
        <text x={area.left} y={stripTop - 5} className="w-strip-label">{t.counts}</text>
        <rect x={x(0)} y={stripTop} width={x(1) - x(0)} height={STRIP_H} fill="#f4f5f7" stroke="#d4d8de" />
        {block.reliability.map((r) => {
          const x0 = x(r.range[0]);
          const w = Math.max(0, x(r.range[1]) - x0);
          return (
            <g key={r.bin} data-strip-bin={r.bin}>
              <rect x={x0} y={stripTop} width={w} height={STRIP_H} fill={color} fillOpacity={r.count === 0 ? 0 : 0.15 + (0.5 * r.count) / maxCount} stroke="#fff" />
              {w >= 13 && <text x={x0 + w / 2} y={stripTop + STRIP_H / 2 + 4} textAnchor="middle" className="w-count">{r.count}</text>}
            </g>
          );
        })}
      </ChartFrame>
    </div>
  );
}

/** The kit's policy with the bootstrap switched off (the widget does not show intervals of metrics). */
function withoutBootstrap(policy: string): string {
  try {
    return JSON.stringify({ ...JSON.parse(policy), bootstrap_rounds: 0 });
  } catch {
    return policy;
  }
}
