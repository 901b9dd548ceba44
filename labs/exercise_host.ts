/**
 * The receipt verifier's host outside the page (labs/core/contract/receipt.ts VerifyHost): the
 * course's exercises read from content/exercises/{es,en}/<id>.mdx (frontmatter, zod-checked), the
 * lab presets from labs/<lab>/presets/, and the engine through labs/runner.ts, the same one the
 * page's worker uses. Node only (it reads files).
 */
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import jsonMergePatch from 'json-merge-patch';
import { exerciseFrontmatterSchema, type ExerciseSpec, type StartText } from './core/contract/exercise.ts';
import type { VerifyHost } from './core/contract/receipt.ts';
import type { Lang } from './core/contract/types.ts';
import { formatIssue } from './core/contract/issues.ts';
import { inputLabel } from './core/contract/exercise_messages.ts';
import { labMeta } from './manifest.ts';
import { createRunner } from './runner.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A course exercise's frontmatter (its definition and page data), or undefined when there is no such file or it does not validate. */
export function readCourseExercise(id: string, lang: Lang) {
  if (!/^[a-z0-9-]{1,80}$/.test(id)) return undefined;
  const file = `${ROOT}content/exercises/${lang}/${id}.mdx`;
  if (!existsSync(file)) return undefined;
  const front = readFileSync(file, 'utf8').split(/^---$/m)[1] ?? '';
  const r = exerciseFrontmatterSchema.safeParse(YAML.parse(front));
  return r.success ? r.data : undefined;
}

/** The definition part of a frontmatter (what a receipt's spec hash covers). */
export function specOf(fm: NonNullable<ReturnType<typeof readCourseExercise>>): ExerciseSpec {
  const { order: _o, section: _s, minutes: _m, level: _l, ...spec } = fm;
  return spec;
}

function presetText(lab: string, file: string): string {
  if (!/^[A-Za-z0-9_.-]+$/.test(file)) throw new Error(`${lab}: ${file}`);
  return readFileSync(`${ROOT}labs/${lab}/presets/${file}`, 'utf8');
}

/** Resolves start texts (exercise.ts StartText) from the presets folder: a preset file, a patched JSON preset, or a text. */
export function resolveStart(lab: string, texts: Record<string, StartText>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, t] of Object.entries(texts)) {
    if ('text' in t) out[name] = t.text;
    else {
      const text = presetText(lab, t.preset);
      out[name] = t.patch ? `${JSON.stringify(jsonMergePatch.apply(JSON.parse(text), t.patch), null, 2)}\n` : text;
    }
  }
  return out;
}

/** What the page starts an exercise from: every input empty, then the lab's preset in `lang`, then the exercise's start. */
export function startTextsOf(spec: Pick<ExerciseSpec, 'lab' | 'start'>, lang: Lang): Record<string, string> {
  const meta = labMeta(spec.lab);
  if (!meta) return {};
  const blank = Object.fromEntries(meta.inputs.map((i) => [i.name, '']));
  const preset = Object.fromEntries(Object.entries(meta.presets[0].files[lang]).map(([k, f]) => [k, presetText(spec.lab, f)]));
  return { ...blank, ...preset, ...resolveStart(spec.lab, spec.start.texts) };
}

/** The Node host: content files, presets, and one runner for every receipt. */
export function nodeVerifyHost(): VerifyHost {
  const runner = createRunner();
  return {
    exercise: async (id, lang) => {
      const fm = readCourseExercise(id, lang);
      return fm ? specOf(fm) : undefined;
    },
    labInputs: (lab) => labMeta(lab)?.inputs,
    startTexts: async (spec, lang) => startTextsOf(spec, lang),
    run: async (lab, texts, lang, view) => {
      const out = await runner.runAny(lab, texts, lang, view);
      return out.ok ? { ok: true, result: out.result } : { ok: false, message: out.issues.slice(0, 3).map((i) => formatIssue({ ...i, input: inputLabel(labMeta(lab)?.inputs, i.input, lang) }, lang)).join('; ') };
    },
  };
}
