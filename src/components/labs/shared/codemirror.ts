/**
 * The CodeMirror 6 setup of a lab input editor (JSON or JSONL), loaded on demand by CodeEditor.tsx
 * so that a lab page shows its results before the editor's code has arrived.
 */
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, highlightActiveLine, drawSelection, Decoration, MatchDecorator, ViewPlugin, WidgetType, type DecorationSet, type ViewUpdate } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { syntaxHighlighting, defaultHighlightStyle, bracketMatching } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import type { InputIssue } from '../../../../labs/core/contract/types.ts';

/**
 * Where a wrapped line may break: JSONL is written without spaces (`{"id":"a","x":1}`), which
 * leaves the browser no break opportunity but "anywhere" (a key cut mid-word). A <wbr> after each
 * comma and colon (a widget: the document's text is unchanged) lets lines wrap between fields.
 */
class BreakHint extends WidgetType {
  eq() {
    return true;
  }
  toDOM() {
    return document.createElement('wbr');
  }
  ignoreEvent() {
    return false;
  }
}
const breakHint = Decoration.widget({ widget: new BreakHint(), side: 1 });
const breakMatcher = new MatchDecorator({ regexp: /[,:](?=\S)/g, decorate: (add, _from, to) => add(to, to, breakHint) });
const breakHints = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = breakMatcher.createDeco(view);
    }
    update(u: ViewUpdate) {
      this.decorations = breakMatcher.updateDeco(u, this.decorations);
    }
  },
  { decorations: (v) => v.decorations },
);
/** Wrapped lines break between words and fields, a word only when it is wider than the editor. */
const wrapTheme = EditorView.theme({ '.cm-lineWrapping': { wordBreak: 'normal', overflowWrap: 'break-word' } });

export interface EditorHandle {
  /** Replaces the text when it differs (keeps the undo history). */
  setValue(value: string): void;
  /** Shows the issues as diagnostics on their lines (line 1 when an issue has none). */
  setIssues(issues: readonly InputIssue[]): void;
  destroy(): void;
}

/** Creates the editor in `parent`. `onChange` hears every edit; `onDropFile` a file dropped on it. */
export function createEditor(parent: HTMLElement, opts: { value: string; label: string; testId?: string; onChange: (text: string) => void; onDropFile: (file: File) => boolean }): EditorHandle {
  const v = new EditorView({
    parent,
    state: EditorState.create({
      doc: opts.value,
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
        wrapTheme,
        breakHints,
        // tabindex on the editable content itself: one tab stop, and the scroller around it holds a focusable element (axe)
        EditorView.contentAttributes.of({ 'aria-label': opts.label, 'data-testid': opts.testId ?? '', tabindex: '0' }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) opts.onChange(u.state.doc.toString());
        }),
        EditorView.domEventHandlers({
          drop(event) {
            const file = event.dataTransfer?.files?.[0];
            if (!file) return false;
            if (!opts.onDropFile(file)) return false;
            event.preventDefault();
            return true;
          },
        }),
      ],
    }),
  });
  // One tab stop: the editable content. (The scroller contains it, so it needs no tab stop of its own.)
  return {
    setValue(value) {
      const current = v.state.doc.toString();
      if (current !== value) v.dispatch({ changes: { from: 0, to: current.length, insert: value } });
    },
    setIssues(issues) {
      const doc = v.state.doc;
      const diagnostics: Diagnostic[] = issues.map((issue) => {
        const lineNo = issue.line !== undefined && issue.line >= 1 && issue.line <= doc.lines ? issue.line : 1;
        const line = doc.line(lineNo);
        // with a known column, the mark starts there (a JSON slip is pointed at, not its whole line)
        const from = issue.column !== undefined && issue.line === lineNo ? Math.min(line.to, line.from + Math.max(0, issue.column - 1)) : line.from;
        return { from, to: Math.max(from, line.to), severity: 'error', message: issue.field ? `${issue.field}: ${issue.message}` : issue.message };
      });
      v.dispatch(setDiagnostics(v.state, diagnostics));
    },
    destroy() {
      v.destroy();
    },
  };
}
