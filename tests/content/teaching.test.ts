/**
 * Chapters teach like explainers (issue "Chapters that teach like the best explainers"):
 * - every "try it in the lab" step asks for a prediction first: the sections about what to try in
 *   the lab hold their steps as <Predict> blocks, not as a plain list of instructions;
 * - no number the engine produces is typed by hand: each chapter's prose (math included) contains no
 *   non-integer figure of its labs' scorecards, in the page's notation, unless it is also an input
 *   value (a policy threshold, a score in the data) — those may be typed; figures come from
 *   <Value>/<Formula>, rendered by the engine at build time;
 * - each major section ends with a self-check (<Check>), and the chapter ends with a summary table.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { createRunner } from '../../labs/runner.ts';
import { LAB_METAS } from '../../labs/manifest.ts';

const runner = createRunner();
type Lang = 'es' | 'en';

function chapterFiles(lang: Lang) {
  return readdirSync(`content/chapters/${lang}`).filter((f) => /^\d\d-.*\.mdx$/.test(f));
}

/** The body of a chapter (no frontmatter), split into its level-2 sections. */
function sections(text: string): { heading: string; body: string }[] {
  const body = text.replace(/^---[\s\S]*?\n---\n/, '');
  return body.split(/^## /m).slice(1).map((chunk) => {
    const nl = chunk.indexOf('\n');
    return { heading: chunk.slice(0, nl).trim(), body: chunk.slice(nl + 1) };
  });
}

const TRY = /^(qué probar|what to try|pruébalo|try it)/i;

describe('every "try it in the lab" step asks for a prediction first', () => {
  for (const lang of ['es', 'en'] as const) {
    for (const file of chapterFiles(lang)) {
      it(`${lang}/${file}`, () => {
        const text = readFileSync(`content/chapters/${lang}/${file}`, 'utf8');
        for (const s of sections(text).filter((x) => TRY.test(x.heading))) {
          const withoutPredict = s.body.replace(/<Predict[\s\S]*?<\/Predict>/g, '');
          // what is left may introduce the steps, but may not be a list of steps to try
          expect(withoutPredict.match(/^\s*(\d+\.|[-*])\s+\S/gm) ?? [], `${s.heading}: steps outside <Predict>`).toEqual([]);
          expect((s.body.match(/<Predict\b/g) ?? []).length, `${s.heading}: no <Predict>`).toBeGreaterThan(0);
        }
      });
    }
  }
});

/** Numbers in a text as they would be written: decimal comma in Spanish, point in English. */
function writtenForms(v: number, lang: Lang): string[] {
  const out = new Set<string>();
  for (const d of [2, 3, 4]) {
    const s = v.toFixed(d).replace(/0+$/, '');
    if (!/\.\d{2,}$/.test(s)) continue; // at least two decimals: 0.5 or 8.5 are too common to attribute
    out.add(lang === 'es' ? s.replace('.', ',') : s);
  }
  return [...out];
}

function numericLeaves(x: unknown, out: number[] = [], depth = 0): number[] {
  if (depth > 12) return out;
  if (typeof x === 'number' && Number.isFinite(x) && !Number.isInteger(x)) out.push(x);
  else if (Array.isArray(x)) {
    if (x.length <= 300) for (const y of x) numericLeaves(y, out, depth + 1);
  } else if (x && typeof x === 'object') for (const y of Object.values(x)) numericLeaves(y, out, depth + 1);
  return out;
}

/** The prose of a chapter as the reader sees typed numbers: tags removed, KaTeX's {,} read as a comma. */
function prose(text: string): string {
  return text
    .replace(/^---[\s\S]*?\n---\n/, '')
    .replace(/<(Value|Formula)\b[\s\S]*?\/>/g, ' ')
    .replace(/\{,\}/g, ',');
}

/**
 * Typed numbers that coincide with an engine figure but are not one (a worked illustration of the
 * chapter's own, 1/4 written as a decimal...), per chapter, each with the reason in a comment.
 */
const ALLOWED: Record<Lang, Record<string, string[]>> = {
  es: {
    '02-thresholds': [
      '0,14', // the Bayes cut t* = 2/(2 + 12) = 1/7 of the policy's two costs (no engine figure; an FPR of 1/7 on the ROC curve coincides)
      '0,29', // the score the learner types for ticket_009 in a try-it step, an input (an FPR of 2/7 coincides)
    ],
    '03-rag': [
      '0,72', // a Check question's own example (recall@3 from 0.60 to 0.72 after re-chunking), not the comparator's nDCG floor
    ],
    '04-evaluators': [
      '0,25', // the Rogan-Gladen worked example (0.85 + 0.4 - 1 = 0.25) and the trace policy's w_t, not v1's TNR
      '0,333', // the same example's Youden index (28/30 + 4/10 - 1), not a per-criterion kappa
      '0,005', // a self-check's judge price per call (0.005 EUR), not v2's rounded kit cost
      '0,92', // run_no_approval's final-answer score, an input of the trace preset, not an evaluators figure
      '0,55', // run_shortcut's final-answer score, likewise
      '0,54', // p_e of the construct section's own ten answers, not a trace latency
      '0,385', // kappa of the 40-answer worked example (0.125/0.325), not a trace latency
      '0,22', // the order-flip example (11/50), not a trace term
    ],
    '05-calibration': [
      // thresholds of the policy's fixed grid (0.05 to 0.95 in steps of 0.05) and confidence levels of
      // the risk-coverage curve: the engine sweeps them, they are part of its design, not results
      // (the book's pair 0.15/0.75, "from c = 0.85", "the grid 0.05, …, 0.95")
      '0,15', '0,75', '0,85', '0,95',
      // 1 − 0.99 in −ln 0.01 (e020's log-loss term) and α = 0.01 in the kit's clamped quantile: hand arithmetic and an input
      '0,01',
      // intermediate terms of the Wilson interval worked by hand: z²/(2n) = 3.8416/10 and π̂(1 − π̂)/n = 0.16/5
      '0,384', '0,032',
      // the K-class section: α = 0.02 of the full-set exercise and its 1 − α (policy inputs of the digits
      // preset, not kit figures), and a self-check's own E-AURC example
      '0,02', '0,98', '0,001',
    ],
  },
  en: {
    '02-thresholds': ['0.14', '0.29'], // as in Spanish
    '03-rag': [
      '0.72', // as in Spanish
      '0.77', // a dense score inside the chapter's own trace example (JSON), not a comparator threshold
    ],
    '04-evaluators': ['0.25', '0.333', '0.005', '0.92', '0.55', '0.54', '0.385', '0.22'], // as in Spanish
    '05-calibration': ['0.15', '0.75', '0.85', '0.95', '0.01', '0.384', '0.032', '0.02', '0.98', '0.001'], // as in Spanish
  },
};

describe('no engine figure is typed by hand', () => {
  for (const lang of ['es', 'en'] as const) {
    for (const file of chapterFiles(lang)) {
      it(`${lang}/${file}`, async () => {
        const slug = file.replace(/\.mdx$/, '');
        const text = prose(readFileSync(`content/chapters/${lang}/${file}`, 'utf8'));
        const typed: string[] = [];
        for (const meta of LAB_METAS.filter((m) => m.chapter === slug)) {
          const files = meta.presets[0].files[lang];
          const texts = Object.fromEntries(Object.entries(files).map(([k, f]) => [k, readFileSync(`labs/${meta.id}/presets/${f}`, 'utf8')]));
          const inputs = Object.values(texts).join('\n');
          // how the numbers of the inputs are written in the page's notation: those may be typed
          const inputForms = new Set([...inputs.matchAll(/-?\d+\.\d+/g)].map((m) => (lang === 'es' ? m[0].replace('.', ',') : m[0])));
          const res = await runner.runAny(meta.id, texts, lang);
          if (!res.ok) throw new Error(`${meta.id}: ${JSON.stringify(res.issues)}`);
          for (const v of new Set(numericLeaves(res.result))) {
            // an input value (a policy threshold, a score in the data) may be typed
            if (inputs.includes(String(v))) continue;
            for (const w of writtenForms(v, lang)) {
              if (inputForms.has(w) || ALLOWED[lang][slug]?.includes(w)) continue;
              const re = new RegExp(`(?<![\\d.,])${w.replace(/[.]/g, '\\.')}(?![\\d])`);
              if (re.test(text)) typed.push(`${meta.id}: ${w}`);
            }
          }
        }
        expect([...new Set(typed)]).toEqual([]);
      });
    }
  }
});

describe('self-checks per section and a summary table', () => {
  for (const lang of ['es', 'en'] as const) {
    for (const file of chapterFiles(lang)) {
      it(`${lang}/${file}`, () => {
        const text = readFileSync(`content/chapters/${lang}/${file}`, 'utf8');
        const all = sections(text);
        const checks = all.filter((s) => /<Check\b/.test(s.body)).length;
        expect(checks, 'sections ending with <Check>').toBeGreaterThanOrEqual(Math.min(5, Math.floor(all.length / 2)));
        const last = all.map((s) => s.heading).join(' | ');
        expect(/(resumen|summary)/i.test(last), `a summary section among: ${last}`).toBe(true);
      });
    }
  }
});
