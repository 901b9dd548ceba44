/**
 * A code editor for one lab input (JSON or JSONL): CodeMirror 6 (codemirror.ts), loaded on demand.
 * The learner's text is the source of truth: this component never rewrites it, except when the
 * parent replaces it (reset, file import). Validation issues arrive as props and are shown as
 * diagnostics on their lines. Dropping a file on the editor gives the parent the file. Tab moves
 * focus out (no keyboard trap); Ctrl-Z undoes. One tab stop per editor.
 */
import { useEffect, useRef, useState } from 'react';
import type { InputIssue } from '../../../../labs/core/contract/types.ts';
import type { EditorHandle } from './codemirror.ts';

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
  const editor = useRef<EditorHandle | null>(null);
  const [ready, setReady] = useState(false);
  const latest = useRef({ value, issues, onChange, onDropFile });
  latest.current = { value, issues, onChange, onDropFile };

  useEffect(() => {
    let live = true;
    void import('./codemirror.ts').then(({ createEditor }) => {
      if (!live || !host.current) return;
      editor.current = createEditor(host.current, {
        value: latest.current.value,
        label,
        testId,
        onChange: (text) => latest.current.onChange(text),
        onDropFile: (file) => {
          if (!latest.current.onDropFile) return false;
          latest.current.onDropFile(file);
          return true;
        },
      });
      editor.current.setIssues(latest.current.issues);
      setReady(true);
    });
    return () => {
      live = false;
      editor.current?.destroy();
      editor.current = null;
    };
    // the editor is created once; later values arrive through the effects below
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The parent replaced the text (reset, import, share link): load it without losing undo history.
  useEffect(() => {
    editor.current?.setValue(value);
  }, [value, ready]);

  useEffect(() => {
    editor.current?.setIssues(issues);
  }, [issues, ready]);

  return <div className="code-editor" ref={host} data-ready={ready ? 'true' : 'false'} />;
}
