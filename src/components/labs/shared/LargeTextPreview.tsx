/**
 * Stands in for the code editor when an input's text is large (labState.ts, LARGE_TEXT_CHARS):
 * CodeMirror and localStorage cannot hold a million-row file comfortably, so the page keeps the full
 * text in memory, sends it whole to the worker, and shows here a read-only preview of its first
 * lines, its size and line count, and two actions: replace the file, or clear the input (which
 * brings the editor back). A file dropped on the preview replaces the text, as on the editor.
 * Validation problems of this input are listed by LabShell under the editors, with their lines.
 */
import { useMemo } from 'react';
import { fmt } from './format.tsx';
import type { Lang } from '../../../../labs/core/contract/types.ts';
import { ui } from '../../../i18n/index.ts';
import ScrollBox from '../../common/ScrollBox.tsx';

const PREVIEW_LINES = 30;

/** Number of lines of a text (a final newline does not start a new line) and its first `k` lines. */
export function textSummary(text: string, k = PREVIEW_LINES): { lines: number; head: string } {
  let lines = 0;
  let headEnd = -1;
  let pos = -1;
  while ((pos = text.indexOf('\n', pos + 1)) !== -1) {
    lines++;
    if (lines === k) headEnd = pos;
  }
  if (text.length > 0 && !text.endsWith('\n')) lines++;
  return { lines, head: headEnd === -1 ? text.slice(0, 20000) : text.slice(0, Math.min(headEnd, 20000)) };
}

interface Props {
  text: string;
  label: string;
  accept: string;
  lang: Lang;
  onFile: (file: File) => void;
  onClear: () => void;
  testId?: string;
}

export default function LargeTextPreview({ text, label, accept, lang, onFile, onClear, testId }: Props) {
  const t = ui(lang).lab;
  const { lines, head } = useMemo(() => textSummary(text), [text]);
  const mb = text.length / 1e6;
  return (
    <div
      className="large-text"
      data-testid={testId}
      data-lines={lines}
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        const f = e.dataTransfer?.files?.[0];
        if (!f) return;
        e.preventDefault();
        onFile(f);
      }}
    >
      <p className="notice" data-testid="large-text-note">{t.large_text_note(lines, fmt(mb, lang, 1))}</p>
      <ScrollBox label={t.large_text_preview(label)}>
        <pre className="large-text-head">{head}</pre>
      </ScrollBox>
      <div className="large-text-actions">
        <label className="file-button">
          {t.large_text_replace}
          <input
            type="file"
            accept={accept}
            onChange={(e) => {
              const f = e.currentTarget.files?.[0];
              if (f) onFile(f);
              e.currentTarget.value = '';
            }}
          />
        </label>
        <button type="button" onClick={onClear} data-testid="large-text-clear">{t.large_text_clear}</button>
      </div>
    </div>
  );
}
