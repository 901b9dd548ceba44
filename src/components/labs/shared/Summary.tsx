/**
 * The result summary every lab keeps in view while the learner edits (issue 18): the lab's verdict
 * block, its headline numbers (with their intervals) and the one chart that moves most. LabShell
 * places it beside the inputs on a wide screen (sticky) and as a compact sticky bar on a phone,
 * which a button expands to the whole summary. The container carries `data-lab-summary`.
 *
 * What changed stays visible for a moment after each recompute: a headline number whose shown
 * value changed says "old → new (±delta)" in the page's notation, the verdict says what it was,
 * new reason lines are marked and reasons that went away are listed. The marks go after
 * CHANGE_MS or at the next change; with prefers-reduced-motion they appear without animation.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { Lang } from '../../../../labs/core/contract/types.ts';
import { ui } from '../../../i18n/index.ts';
import { fmt, UndefinedValue } from './format.tsx';
import type { GateCheck } from '../../../../labs/core/contract/gate_check.ts';
import { clearGhosts, showGhosts, snapshotChart, type ChartSnapshot } from './ghost.ts';
import '../../../styles/summary-ghost.css';

/** One headline number of a lab: its value (null when undefined), its interval, its decimals. */
export interface Headline {
  key: string;
  label: string;
  value: number | null;
  /** Decimals shown (default 4). */
  digits?: number;
  /** The interval around the value, shown as "[low, high]". */
  ci?: readonly [number, number] | null;
  /** What to show when the value is null (e.g. "undefined (no cases)"). */
  missing?: ReactNode;
  /** Colours the value: met (ok), not met (bad). */
  status?: 'ok' | 'bad';
  /** Text after the value (e.g. "/ 20", " €"). */
  suffix?: string;
}

/** What a lab puts in its summary. */
export interface LabSummaryDef {
  /** The lab's VerdictPanel (the only element with data-testid="verdict"). */
  verdict: ReactNode;
  /** The headline numbers; the first two also show in the phone's compact bar. */
  numbers: Headline[];
  /** The one chart that moves most. */
  chart?: ReactNode;
}

/** How long the marks of a change stay on screen. */
export const CHANGE_MS = 3200;

/** A signed difference in the page's notation: "+0,125", "−0,125". */
export function signedDelta(d: number, lang: Lang, digits: number): string {
  const s = fmt(Math.abs(d), lang, digits);
  if (s === '0') return '±0';
  return `${d < 0 ? '−' : '+'}${s}`;
}

interface Change { from: number | null }

interface Props {
  def: LabSummaryDef;
  lang: Lang;
  labId: string;
  /** The result the summary shows (its identity marks a recompute). */
  resultKey: unknown;
  /** The verdict code of that result, for the "before" note. */
  verdict: string | null;
  stale: boolean;
  /**
   * While stale: the first input problem as the issues list words it (input, line, field, message),
   * shown in the summary beside the edit, with a link to the whole list (`#<labId>-issues`).
   */
  problem?: string | null;
}

export function LabSummary({ def, lang, labId, resultKey, verdict, stale, problem }: Props) {
  const t = ui(lang).lab;
  const ts = t.summary;
  const moreId = useId();
  const root = useRef<HTMLElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [changes, setChanges] = useState<Record<string, Change>>({});
  const [verdictWas, setVerdictWas] = useState<string | null>(null);
  const [gone, setGone] = useState<{ code: string; text: string }[]>([]);
  const prev = useRef<{ key: unknown; numbers: Map<string, string>; values: Map<string, number | null>; verdict: string | null; reasons: Map<string, string> } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const chartSnap = useRef<ChartSnapshot | null>(null);
  const ghostTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // After each commit of a new, fresh result: compare with the last one (numbers as shown, the
  // verdict, the reason lines in the verdict block) and keep the differences for CHANGE_MS.
  useLayoutEffect(() => {
    const el = root.current;
    if (!el || stale || resultKey === null || resultKey === undefined) return;
    if (prev.current?.key === resultKey) return;
    const shown = new Map(def.numbers.map((n) => [n.key, n.value === null ? '' : fmt(n.value, lang, n.digits ?? 4)]));
    const values = new Map(def.numbers.map((n) => [n.key, n.value]));
    const reasons = new Map<string, string>();
    el.querySelectorAll<HTMLElement>('[data-reason]').forEach((r) => reasons.set(r.dataset.reason ?? '', (r.textContent ?? '').trim()));
    const before = prev.current;
    prev.current = { key: resultKey, numbers: shown, values, verdict, reasons };
    // The chart shows where it moved from: a faint copy of the previous drawing over the new one
    // (and the previous text of table cells that changed), for CHANGE_MS.
    const more = el.querySelector<HTMLElement>('.lab-summary-more');
    if (more) {
      clearGhosts(more);
      const was = chartSnap.current;
      chartSnap.current = snapshotChart(more);
      if (was && showGhosts(more, was, chartSnap.current)) {
        clearTimeout(ghostTimer.current);
        ghostTimer.current = setTimeout(() => { if (root.current) clearGhosts(root.current); }, CHANGE_MS);
      }
    }
    if (!before) return;
    const ch: Record<string, Change> = {};
    for (const [k, s] of shown) {
      if (before.numbers.has(k) && before.numbers.get(k) !== s) ch[k] = { from: before.values.get(k) ?? null };
    }
    const lost = [...before.reasons].filter(([code]) => !reasons.has(code)).map(([code, text]) => ({ code, text }));
    const fresh = [...reasons.keys()].filter((code) => !before.reasons.has(code));
    const verdictChanged = before.verdict !== null && verdict !== null && before.verdict !== verdict;
    if (Object.keys(ch).length === 0 && lost.length === 0 && fresh.length === 0 && !verdictChanged) return;
    el.querySelectorAll('.is-new').forEach((n) => n.classList.remove('is-new'));
    for (const code of fresh) el.querySelectorAll(`[data-reason="${CSS.escape(code)}"]`).forEach((n) => n.classList.add('is-new'));
    setChanges(ch);
    setGone(lost);
    setVerdictWas(verdictChanged ? before.verdict : null);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setChanges({});
      setGone([]);
      setVerdictWas(null);
      root.current?.querySelectorAll('.is-new').forEach((n) => n.classList.remove('is-new'));
    }, CHANGE_MS);
    // The numbers, the verdict and the reason lines all come from the result: its identity is the trigger.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resultKey, stale]);
  useEffect(() => () => {
    clearTimeout(timer.current);
    clearTimeout(ghostTimer.current);
  }, []);
  // A part of the summary that scrolls (the summary on a wide screen, a long verdict inside it) and
  // holds nothing focusable gets a tab stop, so it can be scrolled from the keyboard (WCAG 2.1.1).
  useLayoutEffect(() => {
    const el = root.current;
    if (!el) return;
    for (const box of [el.querySelector<HTMLElement>('.lab-summary-top > .verdict')]) {
      if (!box) continue;
      const scrolls = box.scrollHeight > box.clientHeight + 1 && getComputedStyle(box).overflowY !== 'visible';
      const given = box.dataset.scrollStop !== undefined;
      const focusable = box.querySelector('a[href], button:not([disabled]), input, select, textarea, summary, [tabindex]:not([data-scroll-stop])');
      const visibleFocusable = focusable && (focusable as HTMLElement).offsetParent !== null;
      if (scrolls && !visibleFocusable && !given && !box.hasAttribute('tabindex')) {
        box.tabIndex = 0;
        box.dataset.scrollStop = '';
      } else if (given && (!scrolls || visibleFocusable)) {
        box.removeAttribute('tabindex');
        delete box.dataset.scrollStop;
      }
    }
  });

  const verdictWord = (v: string) => (v === 'pass' ? `✓ ${t.verdict_pass}` : v === 'fail' ? `✗ ${t.verdict_fail}` : v);
  const changed = Object.keys(changes).length > 0 || verdictWas !== null || gone.length > 0;

  return (
    <aside
      ref={root}
      id={moreId}
      className={`lab-summary${expanded ? ' expanded' : ''}${stale ? ' stale' : ''}${changed ? ' has-changes' : ''}`}
      data-lab-summary={labId}
      data-stale={stale ? 'true' : 'false'}
      aria-label={ts.label}
      // it scrolls on its own when taller than the screen: one tab stop lets the keyboard scroll it
      tabIndex={0}
    >
      <div className="lab-summary-top">
        {def.verdict}
        <button type="button" className="lab-summary-toggle" aria-expanded={expanded} aria-controls={moreId} onClick={() => setExpanded((x) => !x)} data-testid="summary-toggle">
          <span aria-hidden="true">{expanded ? '▴' : '▾'}</span> <span className="lab-summary-toggle-text">{expanded ? ts.less : ts.more}</span>
        </button>
      </div>
      {stale && (
        <p className="lab-summary-stale" data-testid="summary-stale">
          {ts.stale}
          {problem && <>: <span data-testid="summary-problem">{problem}</span> <a href={`#${labId}-issues`}>{ts.all_problems}</a></>}
        </p>
      )}
      {(verdictWas !== null || gone.length > 0) && (
        <div className="lab-summary-was" data-testid="summary-was">
          {verdictWas !== null && <p>{ts.verdict_was(verdictWord(verdictWas))}</p>}
          {gone.length > 0 && (
            <ul>{gone.map((g) => <li key={g.code} data-reason-gone={g.code}><span className="gone-label">{ts.reason_gone}:</span> <s>{g.text}</s></li>)}</ul>
          )}
        </div>
      )}
      {def.numbers.length > 0 && (
        <dl className="lab-headline" data-testid="headline">
          {def.numbers.map((n) => {
            const d = n.digits ?? 4;
            const c = changes[n.key];
            return (
              <div key={n.key} className={`headline${c ? ' changed' : ''}${n.status ? ` ${n.status}` : ''}`} data-headline={n.key}>
                <dt>{n.label}</dt>
                <dd>
                  <span className="headline-value">{n.value === null ? (n.missing ?? t.undefined_value) : fmt(n.value, lang, d)}{n.suffix}</span>
                  {n.ci && <span className="headline-ci"> [{fmt(n.ci[0], lang, d)}, {fmt(n.ci[1], lang, d)}]</span>}
                  {c && (
                    <span className="headline-change" data-testid={`change-${n.key}`}>
                      <span className="sr-only">{ts.changed}: </span>
                      {c.from === null ? '–' : fmt(c.from, lang, d)} → {n.value === null ? '–' : fmt(n.value, lang, d)}
                      {c.from !== null && n.value !== null && <> ({signedDelta(n.value - c.from, lang, d)})</>}
                    </span>
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
      <div className="lab-summary-more">
        {def.chart}
      </div>
    </aside>
  );
}

/**
 * Headline numbers from a lab's gate checks (labs/core/contract/gate_check.ts): each check's value,
 * coloured by whether it is met, with the interval the lab has for it.
 */
export function checkHeadlines<C extends GateCheck>(
  checks: readonly C[],
  lang: Lang,
  label: (c: C) => string,
  opts: { digits?: (c: C) => number; ci?: (c: C) => readonly [number, number] | null | undefined; catalogs?: object[] } = {},
): Headline[] {
  return checks.map((c) => ({
    key: c.subject !== undefined ? `${c.id}:${c.subject}` : c.id,
    label: label(c),
    value: c.value,
    digits: opts.digits ? opts.digits(c) : 4,
    ci: opts.ci ? opts.ci(c) ?? null : null,
    missing: <UndefinedValue reason={c.value_reason ?? null} lang={lang} catalogs={opts.catalogs} />,
    status: c.status === 'pass' ? 'ok' : 'bad',
  }));
}
