/** Display formatting shared by the lab islands. Rounding happens here, never in the engines. */
import { createContext, Fragment, useContext, type ReactNode } from 'react';
import type { Lang } from '../../../../labs/core/contract/types.ts';
import { ui } from '../../../i18n/index.ts';
import { coreMsg, lookupText } from '../../../../labs/core/contract/i18n/index.ts';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * A number as the page shows it: at most `digits` decimals (trailing zeros dropped: "0,5", "8,5",
 * "0,6667" in Spanish, "0.5" in English), the page's decimal separator through Intl.NumberFormat
 * (es-ES comma, en-US point), no grouping (so "1234" reads the same as in the JSON the learner
 * edits); "–" for null, undefined or NaN; "∞"/"−∞" for infinities. Rounding happens only here.
 */
export function fmt(v: number | null | undefined, lang: Lang, digits = 4): string {
  if (v === null || v === undefined || Number.isNaN(v)) return '–';
  if (!Number.isFinite(v)) return v > 0 ? '∞' : '−∞';
  const key = `${lang}:${digits}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang === 'es' ? 'es-ES' : 'en-US', { maximumFractionDigits: digits, useGrouping: false });
    formatters.set(key, f);
  }
  // -0 and values that round to zero show as "0", never "-0".
  const s = f.format(v);
  return /^-0(?:[.,]0*)?$/.test(s) ? '0' : s;
}

/**
 * The page's language for number display inside a lab (LabShell and WidgetLoader provide it), so
 * shared charts format their ticks and table cells with the page's decimal separator without each
 * caller passing it. Default: Spanish (the site's first language).
 */
export const NumberLang = createContext<Lang>('es');

/** fmt bound to the language of the surrounding lab: `useFmt()(0.5, 2)` → "0,5" on a Spanish page. */
export function useFmt(): (v: number | null | undefined, digits?: number) => string {
  const lang = useContext(NumberLang);
  return (v, digits = 4) => fmt(v, lang, digits);
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

/**
 * A code (a reason code, an id) that may wrap after its underscores and dots, never letter by letter:
 * "critical_failures_present" → critical_<wbr>failures_<wbr>present.
 */
export function breakable(code: string): ReactNode {
  const parts = code.split(/(?<=[_.])/);
  if (parts.length === 1) return code;
  return parts.map((p, i) => <Fragment key={i}>{i > 0 && <wbr />}{p}</Fragment>);
}
