/** How a chapter writes an engine figure, at build time and when the page updates it live. */
import type { Lang } from '../i18n/index.ts';

/**
 * A value as the page writes it: numbers with `digits` decimals at most (trailing zeros dropped) and
 * the page's decimal separator (comma in Spanish, point in English), `percent` multiplies by 100
 * and adds " %"/"%"; null is the word for undefined; strings and booleans as they are.
 */
export function formatFigure(v: unknown, lang: Lang, digits = 4, format?: 'percent'): string {
  if (v === null) return lang === 'es' ? 'no definido' : 'undefined';
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return v > 0 ? '∞' : '−∞';
    const x = format === 'percent' ? v * 100 : v;
    const s = new Intl.NumberFormat(lang === 'es' ? 'es-ES' : 'en-US', { maximumFractionDigits: digits, useGrouping: false }).format(x);
    return format === 'percent' ? (lang === 'es' ? `${s} %` : `${s}%`) : s;
  }
  if (typeof v === 'string' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map((x) => formatFigure(x, lang, digits, format)).join(', ');
  throw new Error(`formatFigure: not a printable value: ${JSON.stringify(v)?.slice(0, 80)}`);
}
