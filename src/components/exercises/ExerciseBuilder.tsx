/**
 * The instructor's "create an exercise from this state": pick fields of the current scorecard as
 * goals (with a condition and a target), write the title, instructions and solution, and get a link
 * that carries the lab's current texts, view and goals (compressed in the URL hash). The link is
 * checked with the same schema as authored exercises before it is offered, and again when opened.
 */
import { useMemo, useState } from 'react';
import type { Lang } from '../../../labs/core/contract/types.ts';
import { GOAL_OPS, evaluateGoal, goalCandidates, type Goal, type GoalOp } from '../../../labs/core/contract/goals.ts';
import { EXERCISE_LINK_VERSION, exerciseLinkSchema } from '../../../labs/core/contract/exercise.ts';
import { encodeExerciseHash } from './link.ts';
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

interface Row { use: boolean; op: GoalOp; value: string; label: string }

function defaultOp(v: unknown): GoalOp {
  if (v === null) return 'undefined';
  return typeof v === 'number' ? '>=' : '==';
}

function parseValue(raw: string, current: unknown): Goal['value'] {
  if (typeof current === 'number') {
    const n = Number(raw);
    return Number.isFinite(n) ? n : undefined;
  }
  if (typeof current === 'boolean') return raw === 'true';
  return raw;
}

export default function ExerciseBuilder({ labId, lang, texts, view, result, onClose }: Props) {
  const t = ui(lang).exercise;
  const candidates = useMemo(() => goalCandidates(result), [result]);
  const [rows, setRows] = useState<Record<string, Row>>({});
  const [filter, setFilter] = useState('');
  const [title, setTitle] = useState('');
  const [summary, setSummary] = useState('');
  const [instructions, setInstructions] = useState('');
  const [solution, setSolution] = useState('');
  const [link, setLink] = useState<string | null>(null);
  const [problem, setProblem] = useState(false);
  /** Inputs the learner may change (the rest is kept fixed, checked by fingerprint). */
  const [openInputs, setOpenInputs] = useState<Set<string>>(() => new Set());
  const inputNames = Object.keys(texts);

  const row = (path: string, current: unknown): Row =>
    rows[path] ?? { use: false, op: defaultOp(current), value: current === null ? '' : String(current), label: '' };
  /** The goal a row describes; its default text reads "path op value". */
  const goalOf = (path: string, current: unknown): Goal => {
    const r = row(path, current);
    const value = r.op === 'undefined' || r.op === 'defined' ? undefined : parseValue(r.value, current);
    const label = r.label.trim() || [path, r.op, value === undefined ? '' : String(value)].join(' ').trim();
    return { path, op: r.op, value, label };
  };
  const update = (path: string, current: unknown, patch: Partial<Row>) => setRows((r) => ({ ...r, [path]: { ...row(path, current), ...patch } }));

  const make = async () => {
    const goals = candidates.filter(([p, v]) => row(p, v).use).map(([p, v]) => goalOf(p, v));
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
    };
    const checked = exerciseLinkSchema.safeParse(candidate);
    if (!checked.success) {
      setProblem(true);
      setLink(null);
      return;
    }
    setProblem(false);
    const base = `${location.origin}${paths.exerciseLink(lang)}`;
    setLink(`${base}#${await encodeExerciseHash(checked.data)}`);
  };

  const shown = candidates.filter(([p]) => p.toLowerCase().includes(filter.toLowerCase()));
  return (
    <section className="lab-panel exercise-builder" aria-labelledby="builder-h" data-testid="exercise-builder">
      <h3 id="builder-h">{t.builder_title}</h3>
      <p className="help">{t.builder_intro}</p>
      <label>{t.builder_filter} <input type="search" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} data-testid="builder-filter" /></label>
      <div className="table-scroll tall" tabIndex={0} role="region" aria-label={t.builder_title}>
        <table>
          <thead><tr><th scope="col">{t.builder_use}</th><th scope="col">{t.builder_field}</th><th scope="col">{t.builder_current}</th><th scope="col">{t.builder_op}</th><th scope="col">{t.builder_value}</th><th scope="col">{t.builder_label}</th><th scope="col">{t.builder_now}</th></tr></thead>
          <tbody>
            {shown.map(([p, v]) => {
              const r = row(p, v);
              return (
                <tr key={p} data-path={p}>
                  <td><input type="checkbox" checked={r.use} onChange={(e) => update(p, v, { use: e.currentTarget.checked })} aria-label={`${t.builder_use}: ${p}`} /></td>
                  <td><code>{p}</code></td>
                  <td>{typeof v === 'number' ? fmt(v, lang, 4) : String(v)}</td>
                  <td>
                    <select value={r.op} onChange={(e) => update(p, v, { op: e.currentTarget.value as GoalOp })} aria-label={`${t.builder_op}: ${p}`}>
                      {GOAL_OPS.map((op) => <option key={op} value={op}>{t.ops[op] ?? op}</option>)}
                    </select>
                  </td>
                  <td><input type="text" size={8} value={r.value} onChange={(e) => update(p, v, { value: e.currentTarget.value })} aria-label={`${t.builder_value}: ${p}`} /></td>
                  <td><input type="text" value={r.label} placeholder={goalOf(p, v).label} onChange={(e) => update(p, v, { label: e.currentTarget.value })} aria-label={`${t.builder_label}: ${p}`} /></td>
                  <td>{r.use ? (evaluateGoal(goalOf(p, v), result).met ? t.builder_met_now : t.builder_unmet_now) : ''}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <fieldset className="builder-fixed" data-testid="builder-fixed">
        <legend>{t.fixed_h}</legend>
        {inputNames.map((name) => (
          <label key={name} className="option">
            <input type="checkbox" checked={!openInputs.has(name)} data-input={name}
              onChange={(e) => { const keep = e.currentTarget.checked; setOpenInputs((s) => { const n = new Set(s); if (keep) n.delete(name); else n.add(name); return n; }); }} />{' '}
            {t.builder_keep(name)}
          </label>
        ))}
      </fieldset>
      <div className="builder-fields">
        <label>{t.builder_ex_title} <input type="text" value={title} onChange={(e) => setTitle(e.currentTarget.value)} data-testid="builder-title" /></label>
        <label>{t.builder_summary} <input type="text" value={summary} onChange={(e) => setSummary(e.currentTarget.value)} data-testid="builder-summary" /></label>
        <label>{t.builder_instructions} <textarea rows={4} value={instructions} onChange={(e) => setInstructions(e.currentTarget.value)} data-testid="builder-instructions" /></label>
        <label>{t.builder_solution} <textarea rows={2} value={solution} onChange={(e) => setSolution(e.currentTarget.value)} data-testid="builder-solution" /></label>
      </div>
      <p>
        <button type="button" onClick={() => void make()} data-testid="builder-make">{t.builder_make}</button>{' '}
        <button type="button" onClick={onClose}>{t.builder_close}</button>
      </p>
      {problem && <p className="issues" role="alert">{t.builder_need_goal}</p>}
      {link && (
        <p>
          <label>{t.builder_link} <input type="text" readOnly value={link} onFocus={(e) => e.currentTarget.select()} data-testid="builder-link" className="wide" /></label>
        </p>
      )}
    </section>
  );
}
