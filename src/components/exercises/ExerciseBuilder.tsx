/**
 * The instructor's "create an exercise from this state". Goals are chosen from the lab's named
 * results (labs/exercise_results.ts: the verdict, headline metrics, per-slice values and per-case
 * outcomes by id), labelled in the page's language, with values formatted as the page shows them,
 * grouped and searchable; every raw path of the result is behind the "advanced" switch. A goal can
 * be hidden (a check on the fix itself, shown to the learner after completion). The instructor
 * chooses which inputs stay fixed (checked by fingerprint), writes the instructions, questions,
 * hints and solution, and gets a link that carries the lab's current texts and view (compressed in
 * the URL hash); "preview" opens it as a learner sees it. The link is checked with the same schema
 * as authored exercises before it is offered, and again when opened.
 */
import { useMemo, useState } from 'react';
import type { Lang } from '../../../labs/core/contract/types.ts';
import { GOAL_OPS, evaluateGoal, goalCandidates, type Goal, type GoalOp } from '../../../labs/core/contract/goals.ts';
import { EXERCISE_LINK_VERSION, exerciseLinkSchema } from '../../../labs/core/contract/exercise.ts';
import { namedResults, type NamedResult, type ResultGroup } from '../../../labs/exercise_results.ts';
import { inputLabel } from '../../../labs/core/contract/exercise_messages.ts';
import { labMeta } from '../../../labs/manifest.ts';
import { encodeExerciseHash } from './link.ts';
import { linkExerciseId } from '../../../labs/core/contract/receipt.ts';
import { ui, paths } from '../../i18n/index.ts';
import { fmt } from '../labs/shared/format.tsx';

interface Props {
  labId: string;
  lang: Lang;
  texts: Record<string, string>;
  view: unknown;
  result: unknown;
  onClose: () => void;
}

interface Row { use: boolean; op: GoalOp; value: string; label: string; hidden: boolean }

function defaultOp(v: unknown): GoalOp {
  if (v === null) return 'undefined';
  return typeof v === 'number' ? '>=' : '==';
}

function parseValue(raw: string, current: unknown): Goal['value'] {
  if (typeof current === 'number') {
    const n = Number(raw.replace(',', '.'));
    return Number.isFinite(n) ? n : undefined;
  }
  if (typeof current === 'boolean') return raw === 'true';
  return raw;
}

/** A value as the page shows it: numbers in the page's format (percent where the result is a rate), verdicts in words. */
function shown(r: Pick<NamedResult, 'format' | 'value'>, lang: Lang): string {
  const v = r.value;
  const t = ui(lang).lab;
  if (v === null) return t.undefined_value;
  if (r.format === 'verdict' || v === 'pass' || v === 'fail') return v === 'pass' ? t.verdict_pass : v === 'fail' ? t.verdict_fail : String(v);
  if (typeof v === 'number') return r.format === 'percent' ? `${fmt(v * 100, lang, 1)} %` : r.format === 'count' ? fmt(v, lang, 0) : fmt(v, lang, 4);
  if (typeof v === 'boolean') return ui(lang).exercise.builder_bool(v);
  if (typeof v === 'string') return v;
  return Array.isArray(v) ? v.map(String).join(', ') : JSON.stringify(v).slice(0, 80);
}

/**
 * Questions in a short text format, one block per question:
 *   ? the question
 *   * a correct option | its feedback
 *   - a wrong option | its feedback
 *   ! a hint shown after a wrong answer (optional)
 * Returns the questions, or the 1-based line of the first line it cannot read.
 */
export function parseQuestions(text: string): { ok: true; questions: { question: string; hint?: string; options: { text: string; correct: boolean; feedback: string }[] }[] } | { ok: false; line: number } {
  const questions: { question: string; hint?: string; options: { text: string; correct: boolean; feedback: string }[] }[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    const mark = line[0];
    const body = line.slice(1).trim();
    if (mark === '?' && body) questions.push({ question: body, options: [] });
    else if ((mark === '*' || mark === '-') && questions.length > 0) {
      const bar = body.indexOf('|');
      const opt = (bar < 0 ? body : body.slice(0, bar)).trim();
      const feedback = bar < 0 ? '' : body.slice(bar + 1).trim();
      if (!opt || !feedback) return { ok: false, line: i + 1 };
      questions[questions.length - 1].options.push({ text: opt, correct: mark === '*', feedback });
    } else if (mark === '!' && body && questions.length > 0) questions[questions.length - 1].hint = body;
    else return { ok: false, line: i + 1 };
  }
  return { ok: true, questions };
}

const GROUPS: ResultGroup[] = ['verdict', 'headline', 'slice', 'case'];

export default function ExerciseBuilder({ labId, lang, texts, view, result, onClose }: Props) {
  const t = ui(lang).exercise;
  const named = useMemo(() => namedResults(labId, result, lang), [labId, result, lang]);
  const raw = useMemo(() => goalCandidates(result), [result]);
  const [rows, setRows] = useState<Record<string, Row>>({});
  const [filter, setFilter] = useState('');
  const [advanced, setAdvanced] = useState(false);
  const [title, setTitle] = useState('');
  const [summary, setSummary] = useState('');
  const [instructions, setInstructions] = useState('');
  const [solution, setSolution] = useState('');
  const [hints, setHints] = useState('');
  const [questionsText, setQuestionsText] = useState('');
  const [link, setLink] = useState<string | null>(null);
  /** The id receipts of the link's exercise carry (receipt.ts linkExerciseId). */
  const [linkIdShown, setLinkIdShown] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** Inputs the learner may change (the rest is kept fixed, checked by fingerprint). */
  const [openInputs, setOpenInputs] = useState<Set<string>>(() => new Set());
  const inputNames = Object.keys(texts);

  const labelOf = useMemo(() => new Map(named.map((n) => [n.path, n])), [named]);
  const row = (path: string, current: unknown): Row =>
    rows[path] ?? { use: false, op: defaultOp(current), value: current === null ? '' : String(current), label: '', hidden: false };
  /** The goal a row describes; its default text reads "name op value". */
  const goalOf = (path: string, current: unknown): Goal => {
    const r = row(path, current);
    const value = r.op === 'undefined' || r.op === 'defined' ? undefined : parseValue(r.value, current);
    const name = labelOf.get(path)?.label ?? path;
    const label = r.label.trim() || [name, t.ops[r.op] ?? r.op, value === undefined ? '' : String(value)].join(' ').trim();
    return { path, op: r.op, value, label, ...(r.hidden ? { hidden: true } : {}) };
  };
  const update = (path: string, current: unknown, patch: Partial<Row>) => setRows((r) => ({ ...r, [path]: { ...row(path, current), ...patch } }));

  const allCurrent = useMemo(() => {
    const m = new Map<string, unknown>(raw);
    for (const n of named) m.set(n.path, n.value);
    return m;
  }, [raw, named]);

  const make = async () => {
    const goals = [...allCurrent].filter(([p, v]) => row(p, v).use).map(([p, v]) => goalOf(p, v));
    const qs = parseQuestions(questionsText);
    if (!qs.ok) {
      setProblem(t.builder_questions_line(qs.line));
      setLink(null);
      return;
    }
    const candidate = {
      v: EXERCISE_LINK_VERSION,
      lang,
      lab: labId,
      title,
      summary,
      instructions,
      solution,
      start: { texts: Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, { text: v }])), view },
      goals,
      open: [...openInputs].map((input) => ({ input })),
      questions: qs.questions,
      hints: hints.split('\n').map((h) => h.trim()).filter((h) => h !== ''),
    };
    const checked = exerciseLinkSchema.safeParse(candidate);
    if (!checked.success) {
      setProblem(t.builder_need_goal);
      setLink(null);
      return;
    }
    setProblem(null);
    const base = `${location.origin}${paths.exerciseLink(lang)}`;
    setLink(`${base}#${await encodeExerciseHash(checked.data)}`);
    setLinkIdShown(await linkExerciseId(checked.data));
  };

  const q = filter.trim().toLowerCase();
  const match = (s: string) => q === '' || s.toLowerCase().includes(q);
  const goalControls = (path: string, current: unknown) => {
    const r = row(path, current);
    const name = labelOf.get(path)?.label ?? path;
    return (
      <div className="builder-goal">
        <select value={r.op} onChange={(e) => update(path, current, { op: e.currentTarget.value as GoalOp })} aria-label={`${t.builder_op}: ${name}`}>
          {GOAL_OPS.map((op) => <option key={op} value={op}>{t.ops[op] ?? op}</option>)}
        </select>{' '}
        <input type="text" size={8} value={r.value} onChange={(e) => update(path, current, { value: e.currentTarget.value })} aria-label={`${t.builder_value}: ${name}`} />{' '}
        <input type="text" value={r.label} placeholder={goalOf(path, current).label} onChange={(e) => update(path, current, { label: e.currentTarget.value })} aria-label={`${t.builder_label}: ${name}`} className="builder-goal-label" />{' '}
        <label className="option"><input type="checkbox" checked={r.hidden} onChange={(e) => update(path, current, { hidden: e.currentTarget.checked })} /> {t.builder_hidden}</label>{' '}
        <span className="help">{evaluateGoal(goalOf(path, current), result).met ? t.builder_met_now : t.builder_unmet_now}</span>
      </div>
    );
  };

  return (
    <section className="lab-panel exercise-builder" aria-labelledby="builder-h" data-testid="exercise-builder">
      <h3 id="builder-h">{t.builder_title}</h3>
      <p className="help">{t.builder_intro}</p>
      <label>{t.builder_filter} <input type="search" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} data-testid="builder-filter" /></label>
      {GROUPS.map((g) => {
        const items = named.filter((n) => n.group === g && (match(n.label) || match(n.path)));
        if (items.length === 0) return null;
        return (
          <fieldset key={g} className="builder-group" data-group={g}>
            <legend>{t.builder_groups[g]}</legend>
            <ul className="builder-results">
              {items.map((n) => {
                const r = row(n.path, n.value);
                return (
                  <li key={n.path} data-path={n.path}>
                    <label className="option">
                      <input type="checkbox" checked={r.use} onChange={(e) => update(n.path, n.value, { use: e.currentTarget.checked })} />{' '}
                      <strong>{n.label}</strong>: <span data-testid="builder-current">{shown(n, lang)}</span>
                    </label>
                    {r.use && goalControls(n.path, n.value)}
                  </li>
                );
              })}
            </ul>
          </fieldset>
        );
      })}
      <p><label className="option"><input type="checkbox" checked={advanced} onChange={(e) => setAdvanced(e.currentTarget.checked)} data-testid="builder-advanced" /> {t.builder_advanced}</label></p>
      {advanced && (
        <ul className="builder-results builder-raw" data-testid="builder-raw">
          {raw.filter(([p]) => match(p)).map(([p, v]) => {
            const r = row(p, v);
            return (
              <li key={p} data-path={p}>
                <label className="option">
                  <input type="checkbox" checked={r.use} onChange={(e) => update(p, v, { use: e.currentTarget.checked })} aria-label={`${t.builder_use}: ${p}`} />{' '}
                  <code>{p}</code>: {shown({ format: 'number', value: v }, lang)}
                </label>
                {r.use && goalControls(p, v)}
              </li>
            );
          })}
        </ul>
      )}
      <fieldset className="builder-fixed" data-testid="builder-fixed">
        <legend>{t.fixed_h}</legend>
        {inputNames.map((name) => (
          <label key={name} className="option">
            <input type="checkbox" checked={!openInputs.has(name)} data-input={name}
              onChange={(e) => { const keep = e.currentTarget.checked; setOpenInputs((s) => { const n = new Set(s); if (keep) n.delete(name); else n.add(name); return n; }); }} />{' '}
            {t.builder_keep(inputLabel(labMeta(labId)?.inputs, name, lang))}
          </label>
        ))}
      </fieldset>
      <div className="builder-fields">
        <label>{t.builder_ex_title} <input type="text" value={title} onChange={(e) => setTitle(e.currentTarget.value)} data-testid="builder-title" /></label>
        <label>{t.builder_summary} <input type="text" value={summary} onChange={(e) => setSummary(e.currentTarget.value)} data-testid="builder-summary" /></label>
        <label>{t.builder_instructions} <textarea rows={4} value={instructions} onChange={(e) => setInstructions(e.currentTarget.value)} data-testid="builder-instructions" /></label>
        <label>{t.builder_questions} <textarea rows={5} value={questionsText} onChange={(e) => setQuestionsText(e.currentTarget.value)} data-testid="builder-questions" placeholder={t.builder_questions_placeholder} /></label>
        <label>{t.builder_hints} <textarea rows={3} value={hints} onChange={(e) => setHints(e.currentTarget.value)} data-testid="builder-hints" /></label>
        <label>{t.builder_solution} <textarea rows={2} value={solution} onChange={(e) => setSolution(e.currentTarget.value)} data-testid="builder-solution" /></label>
      </div>
      <p>
        <button type="button" onClick={() => void make()} data-testid="builder-make">{t.builder_make}</button>{' '}
        <button type="button" onClick={onClose}>{t.builder_close}</button>
      </p>
      {problem && <p className="issues" role="alert">{problem}</p>}
      {link && (
        <p>
          <label>{t.builder_link} <input type="text" readOnly value={link} onFocus={(e) => e.currentTarget.select()} data-testid="builder-link" className="wide" /></label>{' '}
          <a href={link} target="_blank" rel="noopener" data-testid="builder-preview">{t.builder_preview}</a>
          {linkIdShown && <><br /><span className="help" data-testid="builder-receipt-id" data-id={linkIdShown}>{t.builder_receipt_id(linkIdShown)}</span></>}
        </p>
      )}
    </section>
  );
}
