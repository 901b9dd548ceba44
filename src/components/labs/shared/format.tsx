/** Display formatting shared by the lab islands. Rounding happens here, never in the engines. */
import type { Lang } from '../../../../labs/core/contract/types.ts';
import { ui } from '../../../i18n/index.ts';
import { coreMsg, lookupText } from '../../../../labs/core/contract/i18n/index.ts';

/** A number with `digits` decimals, trailing zeros removed ("0.5", "8.5", "0.6667"); "–" for null. */
export function fmt(v: number | null | undefined, digits = 4): string {
  if (v === null || v === undefined || Number.isNaN(v)) return '–';
  if (!Number.isFinite(v)) return v > 0 ? '∞' : '−∞';
  return String(Number(v.toFixed(digits)));
}

interface UndefinedProps {
  reason?: string | null;
  lang: Lang;
  /** Where to look the reason code up, first match wins; the shared engine reasons are always searched last. */
  catalogs?: object[];
  /** The word for "undefined"; by default the labs' own (ui.lab.undefined_value). */
  label?: string;
}

/**
 * "undefined (reason)" in the page's language, for a metric whose denominator is empty. The code
 * stays in data-undefined; a code no catalog knows is shown as is.
 */
export function UndefinedValue({ reason, lang, catalogs, label }: UndefinedProps) {
  const text = reason ? (lookupText(reason, ...(catalogs ?? []), coreMsg(lang).undefined_reason) ?? reason) : '';
  return (
    <span className="undefined" data-undefined={reason ?? ''}>
      {label ?? ui(lang).lab.undefined_value}
      {text && <span className="undefined-reason"> ({text})</span>}
    </span>
  );
}
