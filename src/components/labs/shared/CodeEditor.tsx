/**
 * A CodeMirror 6 editor for one lab input (JSON or JSONL). The learner's text is the source of
 * truth: this component never rewrites it, except when the parent replaces it (reset, file import).
 * Validation issues arrive as props and are shown as diagnostics on their lines. Dropping a file on
 * the editor replaces its text with the file's. Tab moves focus out (no keyboard trap); Ctrl-Z
 * undoes.
 */
import { useEffect, useRef } from 'react';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, highlightActiveLine, drawSelection } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { syntaxHighlighting, defaultHighlightStyle, bracketMatching } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import type { InputIssue } from '../../../../labs/core/contract/types.ts';

interface Props {
  value: string;
  onChange: (text: string) => void;
  label: string;
  issues: InputIssue[];
  onDropFile?: (file: File) => void;
  testId?: string;
}

export default function CodeEditor({ value, onChange, label, issues, onDropFile, testId }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  const onDropRef = useRef(onDropFile);
  onChangeRef.current = onChange;
  onDropRef.current = onDropFile;

  useEffect(() => {
    if (!host.current) return;
    const v = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          history(),
          drawSelection(),
          highlightActiveLine(),
          bracketMatching(),
          json(),
          syntaxHighlighting(defaultHighlightStyle),
          lintGutter(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ 'aria-label': label, 'data-testid': testId ?? '' }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) onChangeRef.current(u.state.doc.toString());
          }),
          EditorView.domEventHandlers({
            drop(event) {
              const file = event.dataTransfer?.files?.[0];
              if (!file || !onDropRef.current) return false;
              event.preventDefault();
              onDropRef.current(file);
              return true;
            },
          }),
        ],
      }),
    });
    // A long document scrolls inside the editor: make the scroller a labelled, focusable region
    // (axe: scrollable-region-focusable), in addition to the editable content itself.
    v.scrollDOM.tabIndex = 0;
    v.scrollDOM.setAttribute('role', 'region');
    v.scrollDOM.setAttribute('aria-label', label);
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
    // the editor is created once; later values arrive through the effect below
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The parent replaced the text (reset, import, share link): load it without losing undo history.
  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const current = v.state.doc.toString();
    if (current !== value) v.dispatch({ changes: { from: 0, to: current.length, insert: value } });
  }, [value]);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const doc = v.state.doc;
    const diagnostics: Diagnostic[] = [];
    for (const issue of issues) {
      const lineNo = issue.line !== undefined && issue.line >= 1 && issue.line <= doc.lines ? issue.line : 1;
      const line = doc.line(lineNo);
      diagnostics.push({
        from: line.from,
        to: Math.max(line.from, line.to),
        severity: 'error',
        message: issue.field ? `${issue.field}: ${issue.message}` : issue.message,
      });
    }
    v.dispatch(setDiagnostics(v.state, diagnostics));
  }, [issues]);

  return <div className="code-editor" ref={host} />;
}
