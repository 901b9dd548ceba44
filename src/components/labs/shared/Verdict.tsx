/**
 * The verdict block every lab opens its results with: a <section class="verdict ok|bad"> (test id
 * "verdict", data-verdict) headed "Verdict: passes / does not pass" in the page's language, the
 * lab's one-sentence summary, and whatever the lab adds (recommended pair, score, reasons).
 */
import type { ReactNode } from 'react';
import type { Lang } from '../../../../labs/core/contract/types.ts';
import { ui } from '../../../i18n/index.ts';

interface Props {
  /** Id of the heading (the section is labelled by it). */
  id: string;
  verdict: string;
  lang: Lang;
  /** The lab's sentence for a pass and for a fail. */
  summary: { pass: string; fail: string };
  /** Prefix the outcome with ✓ or ✗. */
  marks?: boolean;
  children?: ReactNode;
}

export function VerdictPanel({ id, verdict, lang, summary, marks = false, children }: Props) {
  const t = ui(lang).lab;
  const pass = verdict === 'pass';
  const outcome = pass ? t.verdict_pass : t.verdict_fail;
  return (
    <section className={`verdict ${pass ? 'ok' : 'bad'}`} aria-labelledby={id} data-testid="verdict" data-verdict={verdict}>
      <h3 id={id}>{t.verdict}: {marks ? `${pass ? '✓' : '✗'} ${outcome}` : outcome}</h3>
      <p>{pass ? summary.pass : summary.fail}</p>
      {children}
    </section>
  );
}

/** "Reasons:" and the list of reason codes in words (data-reason keeps the code). */
export function ReasonList({ reasons, messages, lang }: { reasons: readonly string[]; messages: Record<string, string>; lang: Lang }) {
  return (
    <>
      <p>{ui(lang).lab.reasons}:</p>
      <ul>{reasons.map((r) => <li key={r} data-reason={r}>{messages[r] ?? r}</li>)}</ul>
    </>
  );
}
