/**
 * Shows the learner's progress on the page (home, syllabus, exercise index) and runs the panel's
 * export / import / reset. Items the page lists carry data-progress-chapter, data-progress-lab or
 * data-progress-exercise with their id, and somewhere inside (not inside a nested item) an element
 * with class "progress-badge" that is shown (with its text) when done. An import shows what the file holds and asks: add it to mine, replace
 * mine, or cancel; nothing is written before that choice. The zod file code loads on first use.
 */
import { PROGRESS_EVENT, PROGRESS_KEY, readProgress, resetProgress, writeProgress, type Progress } from '../lib/progress/store.ts';

type Msgs = Record<'read' | 'ran' | 'done' | 'imported' | 'reset_done' | 'import_summary' | 'not_json' | 'not_progress' | 'too_large' | 'storage_failed', string>;

const panel = document.querySelector<HTMLElement>('[data-progress-panel]');
const lang = document.documentElement.lang || 'es';
const nf = new Intl.NumberFormat(lang);
const msgs: Partial<Msgs> = panel ? (JSON.parse(panel.dataset.msgs || '{}') as Msgs) : {};

const KINDS = [
  ['chapter', 'chapters', 'read'],
  ['lab', 'labs', 'ran'],
  ['exercise', 'exercises', 'done'],
] as const;

/** Any item the page marks (a chapter, a lab, an exercise); items may nest (a chapter's labs). */
const ITEM = KINDS.map(([attr]) => `[data-progress-${attr}]`).join(', ');

function show(p: Progress) {
  for (const [attr, key, word] of KINDS) {
    const done = p[key] as Record<string, unknown>;
    const seen = new Set<string>();
    document.querySelectorAll<HTMLElement>(`[data-progress-${attr}]`).forEach((el) => {
      const id = el.getAttribute(`data-progress-${attr}`) ?? '';
      const has = Object.prototype.hasOwnProperty.call(done, id);
      if (has) seen.add(id);
      el.toggleAttribute('data-done', has);
      // Its own badge, wherever it sits inside it (a table cell, a line of details), not a nested item's.
      const badge = [...el.querySelectorAll<HTMLElement>('.progress-badge')].find((b) => b.parentElement?.closest(ITEM) === el);
      if (badge) {
        badge.hidden = !has;
        if (msgs[word] && !badge.textContent) badge.textContent = msgs[word]!;
      }
    });
    const count = panel?.querySelector<HTMLElement>(`[data-count="${key}"]`);
    // Only what the page lists counts (an entry of a chapter the site no longer has does not).
    if (count) count.textContent = nf.format(seen.size);
  }
}

function status(text: string) {
  const el = panel?.querySelector<HTMLElement>('[data-status]');
  if (el) el.textContent = text;
}

function choice(which: 'import' | 'reset' | null) {
  panel?.querySelectorAll<HTMLElement>('[data-choice]').forEach((el) => (el.hidden = el.dataset.choice !== which));
}

let pending: Progress | null = null;

async function onImport(input: HTMLInputElement) {
  const f = input.files?.[0];
  input.value = '';
  if (!f) return;
  const { parseProgressFile, countProgress } = await import('../lib/progress/file.ts');
  const parsed = parseProgressFile(await f.text());
  if (!parsed.ok) {
    pending = null;
    choice(null);
    status(msgs[parsed.error] ?? parsed.error);
    return;
  }
  pending = parsed.progress;
  const n = countProgress(parsed.progress);
  const text = (msgs.import_summary ?? '')
    .replace('{file}', f.name)
    .replace('{c}', nf.format(n.chapters))
    .replace('{l}', nf.format(n.labs))
    .replace('{e}', nf.format(n.exercises));
  const q = panel?.querySelector<HTMLElement>('[data-choice="import"] [data-text]');
  if (q) q.textContent = text;
  status('');
  choice('import');
  panel?.querySelector<HTMLElement>('[data-action="merge"]')?.focus();
}

async function apply(mode: 'merge' | 'replace') {
  if (!pending) return;
  const { mergeProgress } = await import('../lib/progress/file.ts');
  const next = mode === 'merge' ? mergeProgress(readProgress(), pending) : pending;
  pending = null;
  choice(null);
  const ok = writeProgress(next);
  show(readProgress());
  status(ok ? msgs.imported ?? '' : msgs.storage_failed ?? '');
}

async function onExport() {
  const { progressFile } = await import('../lib/progress/file.ts');
  const blob = new Blob([progressFile(readProgress())], { type: 'application/json' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = 'evals-lab-progress.json';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

panel?.addEventListener('click', (ev) => {
  const action = (ev.target as HTMLElement).closest<HTMLElement>('[data-action]')?.dataset.action;
  if (action === 'export') void onExport();
  else if (action === 'reset') {
    choice('reset');
    panel.querySelector<HTMLElement>('[data-action="reset-yes"]')?.focus();
  } else if (action === 'reset-yes') {
    resetProgress();
    choice(null);
    show(readProgress());
    status(msgs.reset_done ?? '');
  } else if (action === 'merge' || action === 'replace') void apply(action);
  else if (action === 'cancel') {
    pending = null;
    choice(null);
    status('');
  }
});
panel?.querySelector<HTMLInputElement>('[data-action="import"]')?.addEventListener('change', (ev) => void onImport(ev.target as HTMLInputElement));

show(readProgress());
window.addEventListener(PROGRESS_EVENT, () => show(readProgress()));
window.addEventListener('storage', (e) => {
  if (e.key === PROGRESS_KEY || e.key === null) show(readProgress());
});
