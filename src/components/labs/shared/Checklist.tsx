/**
 * The one checklist of a lab's gate: every GateCheck (labs/core/contract/gate_check.ts) as a row
 * with its value, the threshold it is compared with, and its status. An undefined value says why
 * and fails (or warns, for a soft gate) visibly. Rows carry data-check (id, plus the subject when
 * the same id repeats) and data-status for tests.
 */
import type { GateCheck } from '../../../../labs/core/contract/gate_check.ts';
import type { Lang } from '../../../../labs/core/contract/types.ts';
import { ui } from '../../../i18n/index.ts';
import { breakable, fmt, UndefinedValue } from './format.tsx';
import { LabPanel, DataTable } from './Panel.tsx';

const SYMBOL: Record<GateCheck['comparator'], string> = { '>=': '≥', '<=': '≤', '>': '>', '<': '<', '==': '=' };

interface Props<C extends GateCheck> {
  id: string;
  checks: readonly C[];
  lang: Lang;
  /** What the row checks, in words. */
  label: (c: C) => string;
  /** Decimals of the value and threshold (default 4). */
  digits?: (c: C) => number;
  /** Catalogs for the undefined-value reasons, first match wins. */
  undefinedCatalogs?: object[];
  title?: string;
  caption?: string;
}

export function Checklist<C extends GateCheck>({ id, checks, lang, label, digits, undefinedCatalogs, title, caption }: Props<C>) {
  const t = ui(lang).lab.checklist;
  return (
    <LabPanel id={id} title={title ?? t.heading}>
      <DataTable cards label={title ?? t.heading} className="checklist" testId="checklist" caption={caption ?? t.caption}
        columns={[t.condition, t.value, t.threshold, t.result]}>
        {checks.map((c) => {
          const key = c.subject !== undefined ? `${c.id}:${c.subject}` : c.id;
          const d = digits ? digits(c) : 4;
          const soft = c.blocking === false;
          const status = c.status === 'pass' ? t.met : soft ? t.warning : c.status === 'undefined' ? t.undefined : t.not_met;
          return (
            <tr key={key} data-check={key} data-status={c.status} data-passed={c.status === 'pass' ? 'true' : 'false'}
              className={c.status === 'pass' ? 'check-ok' : soft ? 'check-warn' : 'check-fail'}>
              <th scope="row">{label(c)}{soft && <span className="check-soft"> ({t.soft})</span>}</th>
              <td>
                <span data-testid={`check-value-${key}`}>
                  {c.value === null ? <UndefinedValue reason={c.value_reason ?? null} lang={lang} catalogs={undefinedCatalogs} /> : fmt(c.value, lang, d)}
                </span>
                {/* On a phone the threshold column is hidden (labs.css) and the threshold shows here. */}
                <span className="bound-inline"> ({SYMBOL[c.comparator]} {fmt(c.threshold, lang, d)})</span>
              </td>
              <td className="col-bound">{SYMBOL[c.comparator]} {fmt(c.threshold, lang, d)}</td>
              <td>
                <strong>{status}</strong>
                {c.reason && <> <code className="reason-code">{breakable(c.reason)}</code></>}
              </td>
            </tr>
          );
        })}
      </DataTable>
    </LabPanel>
  );
}
