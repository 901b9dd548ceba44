/**
 * An exercise in the browser: the lab in its starting state, a goal panel that updates live on
 * every result (labs/core/contract/goals.ts), diagnosis questions with feedback, progressive hints, the
 * solution on request, completion saved locally and progress export. Authored exercises arrive as
 * props (validated at build time); link exercises (`source="link"`) are read from the URL hash
 * and validated with the same zod schema before anything is loaded.
 */
import '../../lib/zod-csp.ts';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Lang } from '../../../labs/core/contract/types.ts';
import { evaluateGoals, type Goal } from '../../../labs/core/contract/goals.ts';
import type { z } from 'zod';
import { exerciseFields } from '../../../labs/core/contract/exercise.ts';
import { ui } from '../../i18n/index.ts';
import LabLoader from '../labs/LabLoader.tsx';
import { isLabId } from '../../../labs/manifest.ts';
import { resolveStartTexts } from '../../lib/presets.ts';
import { fmt } from '../labs/shared/format.tsx';
import { downloadText } from '../labs/shared/labState.ts';
import { markCompleted, progressExport, readProgress } from './progress.ts';
import { decodeExerciseHash } from './link.ts';

type Spec = { [K in keyof typeof exerciseFields]: z.infer<(typeof exerciseFields)[K]> };

interface Props {
  lang: Lang;
  /** Authored exercise: its id (for storage and progress) and validated spec. */
  id?: string;
  spec?: Spec;
  /** 'link': read the exercise from location.hash (#exercise=...). */
  source?: 'link';
}

/** A short stable id for a link exercise, so its work and completion are kept apart. */
function linkId(hash: string): string {
  // Only the exercise part identifies the exercise (a shared lab state may follow it).
  hash = /(?:^#|&)exercise=([^&]*)/.exec(hash)?.[1] ?? hash;
  let h = 2166136261;
  for (let i = 0; i < hash.length; i++) h = Math.imul(h ^ hash.charCodeAt(i), 16777619);
  return `link-${(h >>> 0).toString(36)}`;
}

/** Items of a list value shown in a goal before the rest is summed up as "and N more". */
const LIST_SHOWN = 8;

function showScalar(v: unknown, lang: Lang): string {
  if (v === undefined) return '—';
  if (v === null) return ui(lang).lab.undefined_value;
  if (v === 'pass') return ui(lang).lab.verdict_pass;
  if (v === 'fail') return ui(lang).lab.verdict_fail;
  if (typeof v === 'number') return fmt(v, lang, 4);
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/**
 * A goal's current value for people: a number in the page's format, a verdict in words, a list as
 * a list of its items (wrapping, at most LIST_SHOWN of them), anything else as compact JSON.
 */
function show(v: unknown, lang: Lang): ReactNode {
  if (!Array.isArray(v)) return showScalar(v, lang);
  const tv = ui(lang).values;
  if (v.length === 0) return tv.empty_list;
  return (
    <ul className="goal-values" data-testid="goal-values">
      {v.slice(0, LIST_SHOWN).map((x, i) => <li key={i}><code>{showScalar(x, lang)}</code></li>)}
      {v.length > LIST_SHOWN && <li>{tv.more(v.length - LIST_SHOWN)}</li>}
    </ul>
  );
}

export default function ExerciseRunner({ lang, id, spec, source }: Props) {
  const t = ui(lang).exercise;
  const [loaded, setLoaded] = useState<{ id: string; spec: Spec; instructions: string; fromLink?: Lang } | 'invalid' | 'missing' | null>(
    spec && id ? { id, spec, instructions: '' } : null,
  );
  useEffect(() => {
    if (source !== 'link') return;
    void decodeExerciseHash(location.hash).then((r) => {
      if (r === null) setLoaded('missing');
      else if (r === 'invalid') setLoaded('invalid');
      else {
        setLoaded({ id: linkId(location.hash), spec: r, instructions: r.instructions, fromLink: r.lang });
        document.title = `${r.title} · evals-lab`;
      }
    });
  }, [source]);

  if (loaded === 'invalid' || loaded === 'missing') {
    return <p className="issues" role="alert" data-testid="exercise-invalid">{loaded === 'invalid' ? t.link_invalid : t.link_missing}</p>;
  }
  if (!loaded) return <p>{ui(lang).lab.loading}</p>;
  const exercise = <Exercise lang={lang} id={loaded.id} spec={loaded.spec} instructions={loaded.instructions} fromLink={source === 'link'} />;
  if (!loaded.fromLink) return exercise;
  // A link exercise: its title and summary come with it (the page only knows it is "shared").
  const own = loaded.fromLink;
  return (
    <>
      {own !== lang && <p className="notice" lang={own}>{ui(own).exercise.lang_mismatch}</p>}
      <div className="prose" lang={own}>
        <h2 data-testid="exercise-title">{loaded.spec.title}</h2>
        <p>{loaded.spec.summary}</p>
      </div>
      {exercise}
    </>
  );
}

function Exercise({ lang, id, spec, instructions, fromLink }: { lang: Lang; id: string; spec: Spec; instructions: string; fromLink: boolean }) {
  const t = ui(lang).exercise;
  const [texts, setTexts] = useState<Record<string, string> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ value: unknown; stale: boolean } | null>(null);
  const [completedAt, setCompletedAt] = useState<string | null>(() => readProgress()[id]?.completed_at ?? null);
  const [hintsShown, setHintsShown] = useState(0);
  const [showSolution, setShowSolution] = useState(false);

  useEffect(() => {
    resolveStartTexts(spec.lab, spec.start.texts).then(setTexts, (e: Error) => setError(e.message));
  }, [spec]);

  const onResult = useCallback((value: unknown, stale: boolean) => setResult((r) => (value === null && r ? { ...r, stale } : { value, stale })), []);
  const embed = useMemo(() => (texts ? { storageId: `exercise-${id}`, start: { texts, view: spec.start.view }, onResult, fromLink } : undefined), [texts, id, spec, onResult, fromLink]);
  const evaluation = useMemo(() => (result?.value ? evaluateGoals(spec.goals as Goal[], result.value) : null), [result, spec]);

  useEffect(() => {
    if (evaluation?.allMet && !result?.stale) {
      const p = markCompleted(id, spec.title, spec.lab);
      setCompletedAt(p[id]?.completed_at ?? null);
    }
  }, [evaluation, result, id, spec]);

  const known = isLabId(spec.lab);
  return (
    <div className="exercise" data-testid="exercise">
      {instructions && (
        <section className="prose" aria-labelledby="ex-instr">
          <h2 id="ex-instr">{t.instructions}</h2>
          {instructions.split(/\n{2,}/).map((para, i) => <p key={i}>{para}</p>)}
        </section>
      )}
      <section className="goal-panel" aria-labelledby="ex-goals" data-testid="goal-panel" data-complete={evaluation?.allMet && !result?.stale ? 'true' : 'false'}>
        <h2 id="ex-goals">{t.goals}</h2>
        {result?.stale && <p className="notice">{t.goal_stale}</p>}
        <ul>
          {spec.goals.map((g, i) => {
            const r = evaluation?.results[i];
            const status = r?.status ?? 'not_met';
            return (
              <li key={i} className={`goal goal-${status}`} data-testid="goal" data-status={status}>
                <span aria-hidden="true">{status === 'met' ? '✔' : '○'}</span>{' '}
                <strong>{g.label}</strong>{' '}
                <span className="goal-state">({status === 'met' ? t.goal_met : status === 'missing' ? (r?.missing_id ? t.goal_missing_id(r.missing_id.value) : t.goal_missing) : t.goal_not_met}{r && status !== 'missing' ? <>; {ui(lang).values.current}: {show(r.actual, lang)}</> : ''})</span>
              </li>
            );
          })}
        </ul>
        <p role="status" aria-live="polite" className={evaluation?.allMet && !result?.stale ? 'badge ok' : 'sr-only'}>
          {evaluation?.allMet && !result?.stale ? t.all_met : ''}
        </p>
        {/* Always present, so that completing the exercise changes this line's text and not the page's
            layout: inserting it in the same frame as the lab's new result crashed Chromium 156's
            renderer (SIGSEGV in Blink; e2e/pending.spec.ts reproduced it 4 times in 8). */}
        <p className="help" data-testid="completed-on">{completedAt ? t.completed_on(new Date(completedAt).toLocaleString(lang)) : t.not_completed}</p>
        <button type="button" className="secondary" onClick={() => downloadText('evals-lab-progress.json', progressExport(readProgress()), 'application/json')} data-testid="export-progress">
          {t.export_progress}
        </button>
      </section>
      {error && <p className="issues" role="alert">{t.link_invalid} ({error})</p>}
      {!known && <p className="notice">{ui(lang).chapter.lab_pending}</p>}
      {embed && known && <LabLoader id={spec.lab} lang={lang} embed={embed} loadingText={ui(lang).lab.loading} failedText={ui(lang).lab.load_failed} />}
      {evaluation && (
        <p className={evaluation.allMet && !result?.stale ? 'goal-summary done' : 'goal-summary'} data-testid="goal-summary">
          <a href="#ex-goals">{t.goals}</a>: {t.goals_count(evaluation.results.filter((r) => r.met).length, evaluation.results.length)}
        </p>
      )}
      {spec.questions.length > 0 && (
        <section aria-labelledby="ex-q">
          <h2 id="ex-q">{t.questions}</h2>
          {spec.questions.map((q, i) => <Question key={i} lang={lang} index={i} q={q} />)}
        </section>
      )}
      {spec.hints.length > 0 && (
        <section aria-labelledby="ex-hints">
          <h2 id="ex-hints">{t.hints}</h2>
          <ol>{spec.hints.slice(0, hintsShown).map((h, i) => <li key={i} data-testid="hint">{h}</li>)}</ol>
          {hintsShown < spec.hints.length && (
            <button type="button" onClick={() => setHintsShown((n) => n + 1)} data-testid="show-hint">{t.show_hint(hintsShown + 1, spec.hints.length)}</button>
          )}
        </section>
      )}
      <section aria-labelledby="ex-sol">
        <h2 id="ex-sol">{t.solution}</h2>
        {showSolution ? <p data-testid="solution">{spec.solution}</p> : (
          <button type="button" onClick={() => setShowSolution(true)} data-testid="show-solution">{t.show_solution}</button>
        )}
      </section>
    </div>
  );
}

function Question({ lang, index, q }: { lang: Lang; index: number; q: Spec['questions'][number] }) {
  const t = ui(lang).exercise;
  const [choice, setChoice] = useState<number | null>(null);
  const [checked, setChecked] = useState(false);
  const name = `q${index}`;
  return (
    <fieldset className="question" data-testid="question">
      <legend>{q.question}</legend>
      {q.options.map((o, k) => (
        <label key={k} className="option">
          <input type="radio" name={name} checked={choice === k} onChange={() => { setChoice(k); setChecked(false); }} /> {o.text}
        </label>
      ))}
      <button type="button" disabled={choice === null} onClick={() => setChecked(true)}>{t.check_answer}</button>
      {checked && choice !== null && (
        <p className={q.options[choice].correct ? 'badge ok' : 'badge bad'} role="status" data-testid="feedback">
          {q.options[choice].correct ? t.correct : t.incorrect} {q.options[choice].feedback}
        </p>
      )}
    </fieldset>
  );
}
