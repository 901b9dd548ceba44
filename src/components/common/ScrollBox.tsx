/**
 * A scrollable box for wide or long tables. It is focusable and labelled so keyboard users can
 * scroll it (WCAG 2.1.1; axe rule scrollable-region-focusable).
 */
import type { ReactNode } from 'react';

export default function ScrollBox({ label, tall = false, children }: { label: string; tall?: boolean; children: ReactNode }) {
  return (
    <div className={tall ? 'table-scroll tall' : 'table-scroll'} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
