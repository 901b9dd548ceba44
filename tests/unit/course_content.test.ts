/**
 * The course's shared vocabulary and syllabus data:
 * - the glossary (content/glossary/*.yaml) is valid, in both languages, and keyed by concept ids of
 *   ../shared/concepts.json (plus three field terms chapter 02 links); every <Term id> a chapter uses has an entry; taught_in names chapters
 *   that exist (and includes every chapter that links the term);
 * - content/syllabus/exercises.yaml has one entry per exercise, and its concepts are glossary ids;
 * - one word per concept, one spelling, one kind of quotation marks (content/STYLE.md): the Spanish
 *   chapters, exercises, glossary, syllabus and UI strings never use the banned Spanish variants
 *   («puerta», «fundamentación», «el kappa»…) nor "…"/“…” in prose; the English ones use US spelling,
 *   "grants" (not "scholarships") and “…” (never «…»).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { parse } from 'yaml';
import { glossaryEntrySchema, syllabusExerciseSchema } from '../../src/lib/glossary-schema.ts';
import { bannedEnglishVariants, bannedSpanishVariants, englishQuotes, mdxProse, spanishQuotes } from '../../src/lib/words.ts';
import { es as uiEs } from '../../src/i18n/es.ts';
import { en as uiEn } from '../../src/i18n/en.ts';

const concepts = JSON.parse(readFileSync(new URL('../../../shared/concepts.json', import.meta.url), 'utf8')) as Record<string, { id: string }[]>;
const conceptIds = new Set(Object.values(concepts).flat().map((c) => c.id));
const glossaryFiles = readdirSync('content/glossary').filter((f) => f.endsWith('.yaml'));
const glossary = new Map(glossaryFiles.map((f) => [f.replace(/\.yaml$/, ''), parse(readFileSync(`content/glossary/${f}`, 'utf8'))]));
const chapterSlugs = (lang: string) => readdirSync(`content/chapters/${lang}`).filter((f) => /\.mdx?$/.test(f)).map((f) => f.replace(/\.mdx?$/, ''));
const exerciseSlugs = (lang: string) => readdirSync(`content/exercises/${lang}`).filter((f) => /\.mdx?$/.test(f)).map((f) => f.replace(/\.mdx?$/, ''));

/** Term ids used in a chapter file. */
function termIds(text: string): string[] {
  return [...text.matchAll(/<Term\s+id=["']([^"']+)["']/g)].map((m) => m[1]);
}

describe('glossary', () => {
  it('has entries, each valid in both languages', () => {
    expect(glossary.size).toBeGreaterThan(60);
    for (const [id, data] of glossary) {
      const r = glossaryEntrySchema.safeParse(data);
      expect(r.success, `${id}: ${r.success ? '' : r.error.message}`).toBe(true);
    }
  });
  it('is keyed by concept ids of ../shared/concepts.json (or one of the few field terms the chapters link beyond it)', () => {
    // Chapter 02 teaches these three in its own section; concepts.json does not list them.
    const beyond = new Set(['informedness', 'markedness', 'mcc']);
    expect([...glossary.keys()].filter((id) => !conceptIds.has(id) && !beyond.has(id))).toEqual([]);
  });
  for (const lang of ['es', 'en']) {
    it(`every <Term id> in the ${lang} chapters has an entry in both languages, and the entry says it is taught there`, () => {
      const missing: string[] = [];
      const notTaught: string[] = [];
      for (const slug of chapterSlugs(lang)) {
        const text = readFileSync(`content/chapters/${lang}/${slug}.mdx`, 'utf8');
        for (const id of termIds(text)) {
          const e = glossary.get(id);
          if (!e?.es?.term || !e?.en?.term) missing.push(`${slug}: ${id}`);
          else if (!e.taught_in.includes(slug)) notTaught.push(`${slug}: ${id}`);
        }
      }
      expect(missing).toEqual([]);
      expect(notTaught).toEqual([]);
    });
  }
  it('taught_in names chapters that exist', () => {
    const slugs = new Set(chapterSlugs('es'));
    const bad = [...glossary].flatMap(([id, e]) => (e.taught_in as string[]).filter((s) => !slugs.has(s)).map((s) => `${id}: ${s}`));
    expect(bad).toEqual([]);
  });
  it('the check can fail: an unknown Term id is found', () => {
    expect(termIds('a <Term id="no_such_concept">x</Term> b').filter((id) => !glossary.has(id))).toEqual(['no_such_concept']);
  });
});

describe('syllabus data', () => {
  const data = parse(readFileSync('content/syllabus/exercises.yaml', 'utf8')) as Record<string, unknown>;
  it('one valid entry per exercise, and no entry without an exercise', () => {
    expect(Object.keys(data).sort()).toEqual(exerciseSlugs('es').sort());
    for (const [slug, e] of Object.entries(data)) {
      const r = syllabusExerciseSchema.safeParse(e);
      expect(r.success, slug).toBe(true);
      if (r.success) expect(r.data.concepts.filter((c) => !glossary.has(c)), slug).toEqual([]);
    }
  });
});

/** Every UI dictionary (the site's own in src/i18n, each lab island's and widget's beside the island), by language. */
const uiModules = import.meta.glob<Record<string, unknown>>(['../../src/i18n/course.ts', '../../src/components/labs/*/i18n/*.ts'], { eager: true });
function uiStrings(lang: 'es' | 'en'): { key: string; text: string; fn: boolean }[] {
  const out: { key: string; text: string; fn: boolean }[] = [];
  const walk = (v: unknown, key: string) => {
    if (typeof v === 'string') out.push({ key, text: v, fn: false });
    else if (typeof v === 'function') out.push({ key, text: String(v), fn: true });
    else if (v && typeof v === 'object') for (const [k, w] of Object.entries(v)) walk(w, `${key}.${k}`);
  };
  walk(lang === 'es' ? uiEs : uiEn, `src/i18n/${lang}.ts`);
  for (const [path, mod] of Object.entries(uiModules)) {
    for (const [name, dicts] of Object.entries(mod)) {
      const d = (dicts as Record<string, unknown> | null)?.[lang];
      if (d && typeof d === 'object') walk(d, `${path.replace('../../', '')} ${name}.${lang}`);
    }
  }
  return out;
}
const show = (file: string, found: { line: number; word: string; use: string }[]) => found.map((f) => `${file}:${f.line}: «${f.word}» → ${f.use}`);

describe('one word per concept, one spelling, one kind of quotes (content/STYLE.md)', () => {
  // Chapters are checked like everything else; a failure names the file, line, word and what to use.
  const files = (lang: 'es' | 'en') => [
    ...chapterSlugs(lang).map((s) => `content/chapters/${lang}/${s}.mdx`),
    ...exerciseSlugs(lang).map((s) => `content/exercises/${lang}/${s}.mdx`),
  ];
  for (const f of files('es')) {
    it(f, () => {
      const text = readFileSync(f, 'utf8');
      expect([...show(f, bannedSpanishVariants(text)), ...show(f, spanishQuotes(text))]).toEqual([]);
    }, 30_000);
  }
  for (const f of files('en')) {
    it(f, () => {
      const text = readFileSync(f, 'utf8');
      expect([...show(f, bannedEnglishVariants(text)), ...show(f, englishQuotes(text))]).toEqual([]);
    }, 30_000);
  }
  it('the glossary and the syllabus, in each language (other names, aka, may list the variants a reader meets elsewhere)', () => {
    const bad: string[] = [];
    const check = (where: string, lang: 'es' | 'en', text: string, words: boolean) => {
      const found = lang === 'es'
        ? [...(words ? bannedSpanishVariants(text) : []), ...spanishQuotes(text)]
        : [...(words ? bannedEnglishVariants(text) : []), ...englishQuotes(text)];
      bad.push(...found.map((f) => `${where}: «${f.word}» → ${f.use}`));
    };
    for (const [id, e] of glossary) {
      for (const lang of ['es', 'en'] as const) {
        const entry = e[lang] as { term: string; definition: string; aka?: string[] };
        check(`glossary/${id}.yaml ${lang}.term`, lang, entry.term, true);
        check(`glossary/${id}.yaml ${lang}.definition`, lang, entry.definition, true);
        for (const a of entry.aka ?? []) check(`glossary/${id}.yaml ${lang}.aka`, lang, a, false);
      }
    }
    const syllabus = parse(readFileSync('content/syllabus/exercises.yaml', 'utf8')) as Record<string, Record<string, unknown>>;
    for (const [slug, e] of Object.entries(syllabus)) {
      for (const lang of ['es', 'en'] as const) {
        const texts: string[] = [];
        const walk = (v: unknown) => { if (typeof v === 'string') texts.push(v); else if (Array.isArray(v)) v.forEach(walk); else if (v && typeof v === 'object') Object.entries(v).forEach(([k, w]) => { if (k === lang) walk(w); else if (k !== (lang === 'es' ? 'en' : 'es')) walk(w); }); };
        walk(e[lang] ?? Object.fromEntries(Object.entries(e).filter(([k]) => k !== 'concepts')));
        for (const t of texts) check(`syllabus ${slug} ${lang}`, lang, t, true);
      }
    }
    expect(bad).toEqual([]);
  });
  for (const lang of ['es', 'en'] as const) {
    it(`the UI strings (${lang})`, () => {
      const bad: string[] = [];
      for (const { key, text, fn } of uiStrings(lang)) {
        const found = lang === 'es'
          ? [...bannedSpanishVariants(text), ...(fn ? [] : curlyQuotes(text))]
          : [...bannedEnglishVariants(text), ...englishQuotes(text)];
        bad.push(...found.map((f) => `${key}: «${f.word}» → ${f.use}`));
      }
      expect(uiStrings(lang).length).toBeGreaterThan(500);
      expect(bad).toEqual([]);
    });
  }
  it('the check finds each banned Spanish variant (and leaves code and goal paths alone)', () => {
    const sample = [
      'La puerta bloquea.', 'una compuerta', 'el manifest registra', 'la rotura del plegado', 'frente al baseline', 'el baseline gana',
      'path: manifest.quality_gate.max_review_rate', 'el campo `manifest` del JSON', 'la baseline y el gate', 'el manifiesto',
      'la fundamentación de la respuesta', 'el kappa de Cohen', 'un kappa bajo', 'la kappa, una kappa, el valor kappa',
      'el gate de release', 'el gate de publicación y el release',
    ].join('\n');
    expect(bannedSpanishVariants(sample).map((b) => b.word)).toEqual([
      'puerta', 'compuerta', 'manifest', 'rotura', 'al baseline', 'el baseline', 'fundamentación', 'el kappa', 'un kappa', 'gate de release',
    ]);
  });
  it('the check finds UK spellings and "scholarships" in English, not US forms, slugs or "analyses"', () => {
    const sample = [
      'The colour of the label, its behaviour.', 'We analyse and optimise; we normalise text, we recognise it.',
      'modelling and labelling; the labelled cases', 'the centre, a licence, the catalogue, a programme', 'scholarships and grants',
      'color, behavior, analyze, optimize, normalized, modeling, labeled, center, license, catalog, program, analyses',
      'see /en/exercises/evaluators-construct-artefact/ and an artefact', '`colour` in code', 'the release gate; the gate before a release',
    ].join('\n');
    expect(bannedEnglishVariants(sample).map((b) => b.word)).toEqual([
      'colour', 'behaviour', 'analyse', 'optimise', 'normalise', 'recognise', 'modelling', 'labelling', 'labelled',
      'centre', 'licence', 'catalogue', 'programme', 'scholarships', 'artefact', 'release gate',
    ]);
  });
  it('the quotes check: «» in English anywhere; straight or English quotes only in Spanish prose (not in code, math, JSX attributes or frontmatter)', () => {
    expect(englishQuotes('a «metric» and a “metric”').map((f) => f.word)).toEqual(['«', '»']);
    const mdx = [
      '---', 'title: "Un título"', 'self_check:', '  - question: "¿Qué?"', '---', 'import X from "y";', '',
      'Texto con «comillas» y con "rectas" y “inglesas”.', '<Check question="Una pregunta con «x»">respuesta con "y"</Check>',
      '<Formula lab="threshold" tex="\\text{a}" values={{ a: "b" }} />', 'Código `"x"` y $\\text{"m"}$ y', '```json', '{"a": 1}', '```',
      '<Predict id="p" question="q"', '  choices={["a", "b"]}>', 'fin', '</Predict>', '[enlace](https://x.org/"a")',
    ].join('\n');
    expect(spanishQuotes(mdx).map((f) => `${f.line}:${f.word}`)).toEqual(['8:"', '8:"', '8:“', '8:”', '9:"', '9:"']);
    expect(mdxProse(mdx).split('\n')[7]).toBe('Texto con «comillas» y con "rectas" y “inglesas”.');
  });
});

/** English quotes in a Spanish UI string (use «»); straight ones are left alone there: UI strings quote JSON values and code ("mean", strategy="quantile"). */
function curlyQuotes(text: string) {
  return [...text.matchAll(/[“”]/g)].map((m) => ({ line: 1, word: m[0], use: '«»' }));
}
