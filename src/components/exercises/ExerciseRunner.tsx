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
import { showsCurrentValue, type Goal } from '../../../labs/core/contract/goals.ts';
import type { ExerciseSpec } from '../../../labs/core/contract/exercise.ts';
import { checkExercise } from '../../../labs/core/contract/exercise_check.ts';
import { exerciseMsg, inputLabel } from '../../../labs/core/contract/exercise_messages.ts';
import { applyState, commitAnswer, completedAt, isCompleted, newAttempt, questionsDone, showHint, type AnswerRecord, type Attempt } from '../../../labs/core/contract/attempt.ts';
import { buildReceipt, linkExerciseId } from '../../../labs/core/contract/receipt.ts';
import { optionOrder } from '../../../labs/core/contract/option_order.ts';
import { ui } from '../../i18n/index.ts';
import LabLoader from '../labs/LabLoader.tsx';
import { isLabId, labMeta } from '../../../labs/manifest.ts';
import { loadPresetTexts, resolveStartTexts } from '../../lib/presets.ts';
import { fmt } from '../labs/shared/format.tsx';
import { downloadText } from '../labs/shared/labState.ts';
import { progressExport, readProgress, syncCompletion } from './progress.ts';
import { decodeExerciseHash } from './link.ts';

type Spec = ExerciseSpec;

interface Props {
  lang: Lang;
  /** Authored exercise: its id (for storage and progress) and validated spec. */
  id?: string;
  spec?: Spec;
  /** 'link': read the exercise from location.hash (#exercise=...). */
  source?: 'link';
}

/** Items of a list value shown in a goal before the rest is summed up as "and N more". */
const LIST_SHOWN = 8;

function showScalar(v: unknown, lang: Lang): string {
  if (v === undefined) return '—';
  if (v === null) return ui(lang).lab.undefined_value;
  if (v === 'pass') return ui(lang).lab.verdict_pass;
  if (v === 'fail') return ui(lang).lab.verdict_fail;
  if (typeof v === 'number') return fmt(v, lang, 4);
  if (typeof v === 'boolean') return ui(lang).exercise.builder_bool(v);
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/**
 * A goal's current value for people: a number in the page's format, a verdict or a yes/no in words, a list as
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
    void decodeExerciseHash(location.hash).then(async (r) => {
      if (r === null) setLoaded('missing');
      else if (r === 'invalid') setLoaded('invalid');
      else {
        // The id comes from the definition (receipt.ts linkExerciseId): the same one the builder shows and the verifier recomputes.
        setLoaded({ id: await linkExerciseId(r), spec: r, instructions: r.instructions, fromLink: r.lang });
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

/** The attempt kept in this browser for an exercise (one key per exercise id, language and version: a new version starts afresh). */
function attemptKey(id: string, lang: Lang, version: number): string {
  return `evals-lab:attempt:v1:${lang}:${id}:${version}`;
}

function readAttempt(id: string, lang: Lang, spec: ExerciseSpec): Attempt {
  try {
    const raw = JSON.parse(localStorage.getItem(attemptKey(id, lang, spec.version)) ?? 'null') as Attempt | null;
    if (raw && raw.v === 1 && Array.isArray(raw.answers) && raw.answers.length === spec.questions.length && Array.isArray(raw.events)) return raw;
  } catch {
    // A damaged record starts a new attempt.
  }
  return newAttempt(spec, new Date().toISOString());
}

function saveAttempt(id: string, lang: Lang, version: number, a: Attempt): void {
  try {
    localStorage.setItem(attemptKey(id, lang, version), JSON.stringify(a));
  } catch {
    // Storage full or blocked: the attempt lives as long as the page.
  }
}

/**
 * What the learner may change, in words: each open input named by its label in `lang` (the lab
 * meta's), whole, in part (n selected parts) or open to additions; the exercise's `open` list
 * empty means only the lab's controls move.
 */
export function openText(spec: ExerciseSpec, lang: Lang): string {
  const t = ui(lang).exercise;
  if (spec.open.length === 0) return t.fixed_none_open;
  const name = (input: string) => inputLabel(labMeta(spec.lab)?.inputs, input, lang);
  const parts = spec.open.map((o) => (o.append ? t.fixed_add(name(o.input)) : o.paths && o.paths.length ? t.fixed_part(name(o.input), o.paths.length) : t.fixed_whole(name(o.input))));
  return t.fixed_open(parts.join('; '));
}

function Exercise({ lang, id, spec, instructions, fromLink }: { lang: Lang; id: string; spec: ExerciseSpec; instructions: string; fromLink: boolean }) {
  const t = ui(lang).exercise;
  const [texts, setTexts] = useState<Record<string, string> | null>(null);
  const [startAll, setStartAll] = useState<Record<string, string> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ value: unknown; stale: boolean; state: { texts: Record<string, string>; view: unknown } } | null>(null);
  const [attempt, setAttempt] = useState<Attempt>(() => readAttempt(id, lang, spec));
  const [hintsShown, setHintsShown] = useState(0);
  const [showSolution, setShowSolution] = useState(false);
  const meta = labMeta(spec.lab);

  useEffect(() => {
    resolveStartTexts(spec.lab, spec.start.texts).then((start) => {
      setTexts(start);
      // What the lab starts from (useLabState): every input empty, the lab's preset, the exercise's start.
      return loadPresetTexts(spec.lab, lang).then((preset) => {
        const blank = Object.fromEntries((labMeta(spec.lab)?.inputs ?? []).map((i) => [i.name, '']));
        setStartAll({ ...blank, ...preset, ...start });
      });
    }, (e: Error) => setError(e.message)).catch((e: Error) => setError(e.message));
  }, [spec, lang]);

  const update = useCallback((f: (a: Attempt) => Attempt) => setAttempt((a) => {
    const next = f(a);
    if (next !== a) saveAttempt(id, lang, spec.version, next);
    return next;
  }), [id, lang, spec.version]);

  const onResult = useCallback((value: unknown, stale: boolean, state: { texts: Record<string, string>; view: unknown }) => setResult((r) => (value === null && r ? { ...r, stale } : { value, stale, state })), []);
  const embed = useMemo(() => (texts ? { storageId: `exercise-${id}`, start: { texts, view: spec.start.view }, onResult, fromLink } : undefined), [texts, id, spec, onResult, fromLink]);
  const check = useMemo(() => (result?.value && startAll && meta ? checkExercise(spec, result.value, startAll, result.state.texts, meta.inputs, lang) : null), [result, startAll, spec, meta, lang]);
  const fresh = !!result && !result.stale;

  // A new result, or the last question answered: the state may complete the exercise, or withdraw its completion.
  const answeredAll = questionsDone(attempt, spec);
  useEffect(() => {
    if (!check || !fresh) return;
    update((a) => applyState(a, spec, { goalsMet: check.goalsMet, fixedIntact: check.fixedIntact, fresh: true, reason: check.messages.join(' ') }, new Date().toISOString()));
  }, [check, fresh, spec, update, answeredAll]);

  const completed = isCompleted(attempt);
  const lastWithdrawn = [...attempt.events].reverse().find((e) => e.type !== 'started');
  const withdrawnAt = lastWithdrawn?.type === 'withdrawn' ? lastWithdrawn.at : null;
  // The progress badges follow the attempt: recorded on completion, forgotten when it is withdrawn.
  useEffect(() => {
    syncCompletion(id, spec.title, spec.lab, completed, withdrawnAt);
  }, [completed, withdrawnAt, id, spec]);
  const doneAt = completedAt(attempt);

  const downloadReceipt = async () => {
    if (!result || !startAll || !meta) return;
    const receipt = await buildReceipt({ id, lang, source: fromLink ? 'link' : 'course', spec, inputs: { texts: result.state.texts, view: result.state.view }, inputSpecs: meta.inputs, start: startAll, result: result.value, attempt, now: new Date().toISOString() });
    downloadText(`evals-lab-receipt-${id}.json`, `${JSON.stringify(receipt, null, 2)}\n`, 'application/json');
  };

  const visible = spec.goals.map((g, i) => ({ g, i })).filter(({ g }) => !g.hidden);
  const hidden = spec.goals.map((g, i) => ({ g, i })).filter(({ g }) => g.hidden);
  const stateOk = !!check && fresh && check.goalsMet && check.fixedIntact;
  const goalLine = (g: Goal, i: number) => {
    const r = check?.results[i];
    const status = r?.status ?? 'not_met';
    return (
      <li key={i} className={`goal goal-${status}`} data-testid="goal" data-status={status} data-hidden={g.hidden ? 'true' : undefined}>
        <span aria-hidden="true">{status === 'met' ? '✔' : '○'}</span>{' '}
        <strong>{g.label}</strong>{' '}
        <span className="goal-state">({status === 'met' ? t.goal_met : status === 'missing' ? (r?.missing_id ? t.goal_missing_id(r.missing_id.value) : t.goal_missing) : t.goal_not_met}{r && showsCurrentValue(g, r) ? <>; {ui(lang).values.current}: {show(r.actual, lang)}</> : ''})</span>
      </li>
    );
  };
  return (
    <div className="exercise" data-testid="exercise">
      {instructions && (
        <section className="prose" aria-labelledby="ex-instr">
          <h2 id="ex-instr">{t.instructions}</h2>
          {instructions.split(/\n{2,}/).map((para, i) => <p key={i}>{para}</p>)}
        </section>
      )}
      <section className="goal-panel" aria-labelledby="ex-goals" data-testid="goal-panel" data-complete={completed ? 'true' : 'false'}>
        <h2 id="ex-goals">{t.goals}</h2>
        {result?.stale && <p className="notice">{t.goal_stale}</p>}
        <ul>{visible.map(({ g, i }) => goalLine(g, i))}</ul>
        {hidden.length > 0 && !completed && <p className="help" data-testid="hidden-note">{t.hidden_note(hidden.length)}</p>}
        <h3>{t.fixed_h}</h3>
        <p className="help">{openText(spec, lang)}</p>
        {check && (check.changes.length === 0
          ? <p className="help" data-testid="fixed-ok">{t.fixed_ok}</p>
          : <ul className="issues" data-testid="fixed-changes">{check.changes.map((c) => <li key={c.input}>{exerciseMsg(lang).fixed_change(c, inputLabel(meta?.inputs, c.input, lang))}</li>)}</ul>)}
        {check && !completed && fresh && check.messages.length > 0 && check.visibleMet && (
          <p className="notice" data-testid="why-not">{check.messages[check.messages.length - 1]}</p>
        )}
        {stateOk && !completed && !questionsDone(attempt, spec) && <p className="notice" data-testid="questions-needed">{t.questions_needed}</p>}
        <p role="status" aria-live="polite" className={completed ? 'badge ok' : 'sr-only'}>
          {completed ? t.all_met : ''}
        </p>
        {/* Always present, so that completing the exercise changes this line's text and not the page's
            layout: inserting it in the same frame as the lab's new result crashed Chromium 156's
            renderer (SIGSEGV in Blink; e2e/pending.spec.ts reproduced it 4 times in 8). */}
        <p className="help" data-testid="completed-on">
          {completed && doneAt ? t.completed_on(new Date(doneAt).toLocaleString(lang)) : lastWithdrawn?.type === 'withdrawn' ? t.withdrawn(new Date(lastWithdrawn.at).toLocaleString(lang)) : t.not_completed}
        </p>
        {completed && (
          <p>
            <button type="button" onClick={() => void downloadReceipt()} data-testid="download-receipt">{t.receipt}</button>
            <br /><span className="help">{t.receipt_help}</span>
          </p>
        )}
        <button type="button" className="secondary" onClick={() => downloadText('evals-lab-progress.json', progressExport(readProgress()), 'application/json')} data-testid="export-progress">
          {t.export_progress}
        </button>
      </section>
      {error && <p className="issues" role="alert">{t.link_invalid} ({error})</p>}
      {!isLabId(spec.lab) && <p className="notice">{ui(lang).chapter.lab_pending}</p>}
      {embed && isLabId(spec.lab) && <LabLoader id={spec.lab} lang={lang} embed={embed} loadingText={ui(lang).lab.loading} failedText={ui(lang).lab.load_failed} />}
      {check && (
        <p className={completed ? 'goal-summary done' : 'goal-summary'} data-testid="goal-summary">
          <a href="#ex-goals">{t.goals}</a>: {t.goals_count(visible.filter(({ i }) => check.results[i].met).length, visible.length)}
        </p>
      )}
      {spec.questions.length > 0 && (
        <section aria-labelledby="ex-q">
          <h2 id="ex-q">{t.questions}</h2>
          {spec.questions.map((q, i) => (
            <Question key={i} lang={lang} exerciseId={id} index={i} q={q} record={attempt.answers[i]}
              onCommit={(choice) => update((a) => commitAnswer(a, spec, i, choice).attempt)}
              onHint={() => update((a) => showHint(a, i))} />
          ))}
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
        {showSolution || completed ? <p data-testid="solution">{spec.solution}</p> : (
          <button type="button" onClick={() => setShowSolution(true)} data-testid="show-solution">{t.show_solution}</button>
        )}
        {completed && hidden.length > 0 && (
          <>
            <h3>{t.hidden_h}</h3>
            <ul data-testid="hidden-goals">{hidden.map(({ g, i }) => goalLine(g, i))}</ul>
          </>
        )}
      </section>
    </div>
  );
}

/**
 * A diagnosis question: pick an option and commit it; the feedback comes after. A wrong answer
 * can be retried only once its hint has been shown (the question's own hint, else the feedback of
 * the chosen option, which says why it does not hold). A correct answer locks the question.
 * The options are shown in a fixed shuffled order (option_order.ts); the committed choice is the
 * option's original index, which the attempt and the receipt record.
 */
function Question({ lang, exerciseId, index, q, record, onCommit, onHint }: { lang: Lang; exerciseId: string; index: number; q: ExerciseSpec['questions'][number]; record: AnswerRecord | undefined; onCommit: (choice: number) => void; onHint: () => void }) {
  const t = ui(lang).exercise;
  const [choice, setChoice] = useState<number | null>(null);
  const name = `q${index}`;
  const answered = record && record.tries > 0 && record.choice !== null;
  const locked = !!record?.correct;
  const waitingHint = !!answered && !locked && !record.hint_shown;
  const committed = answered ? q.options[record.choice as number] : undefined;
  const order = useMemo(() => optionOrder(exerciseId, index, q.options.length), [exerciseId, index, q.options.length]);
  return (
    <fieldset className="question" data-testid="question" data-correct={locked ? 'true' : 'false'}>
      <legend>{q.question}</legend>
      {order.map((k) => (
        <label key={k} className="option">
          <input type="radio" name={name} disabled={locked || waitingHint} checked={(locked ? record.choice : choice) === k} onChange={() => setChoice(k)} /> {q.options[k].text}
        </label>
      ))}
      <button type="button" disabled={choice === null || locked || waitingHint} onClick={() => { if (choice !== null) { onCommit(choice); setChoice(null); } }} data-testid="commit-answer">{t.commit_answer}</button>
      {record && record.tries > 0 && <span className="help" data-testid="tries"> {t.tries(record.tries)}</span>}
      {committed && (
        <p className={committed.correct ? 'badge ok' : 'badge bad'} role="status" data-testid="feedback">
          {committed.correct ? `${t.correct} ${committed.feedback}` : t.incorrect}
        </p>
      )}
      {waitingHint && <button type="button" onClick={onHint} data-testid="show-q-hint">{t.show_q_hint}</button>}
      {answered && !locked && record.hint_shown && (
        <p className="notice" data-testid="q-hint"><strong>{t.q_hint}:</strong> {q.hint ?? committed?.feedback} {t.try_again}</p>
      )}
    </fieldset>
  );
}
