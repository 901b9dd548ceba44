/** Display formatting shared by the lab islands. Rounding happens here, never in the engines. */
import type { Lang } from '../../../../labs/core/types.ts';
import { ui, labMsg } from '../../../i18n/index.ts';

/** A number with `digits` decimals, trailing zeros removed ("0.5", "8.5", "0.6667"); "–" for null. */
export function fmt(v: number | null | undefined, digits = 4): string {
  if (v === null || v === undefined || Number.isNaN(v)) return '–';
  if (!Number.isFinite(v)) return v > 0 ? '∞' : '−∞';
  return String(Number(v.toFixed(digits)));
}

/** "undefined (reason)" in the page's language, for a metric whose denominator is empty. */
export function UndefinedValue({ reason, lang }: { reason?: string | null; lang: Lang }) {
  const t = ui(lang);
  const reasons = labMsg(lang).undefined_reason as Record<string, string>;
  const text = reason ? reasons[reason] ?? reason : '';
  return (
    <span className="undefined" data-undefined={reason ?? ''}>
      {t.lab.undefined_value}
      {text && <span className="undefined-reason"> ({text})</span>}
    </span>
  );
}
