/**
 * The course's shared vocabulary and syllabus data:
 * - the glossary (content/glossary/*.yaml) is valid, in both languages, and keyed by concept ids of
 *   ../shared/concepts.json (plus three field terms chapter 02 links); every <Term id> a chapter uses has an entry; taught_in names chapters
 *   that exist (and includes every chapter that links the term);
 * - content/syllabus/exercises.yaml has one entry per exercise, and its concepts are glossary ids;
 * - one Spanish word per concept: the Spanish chapters and exercises never use the banned variants.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { parse } from 'yaml';
import { glossaryEntrySchema, syllabusExerciseSchema } from '../../src/lib/glossary-schema.ts';
import { bannedSpanishVariants } from '../../src/lib/words.ts';

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

describe('one Spanish word per concept', () => {
  const files = [
    ...chapterSlugs('es').map((s) => `content/chapters/es/${s}.mdx`),
    ...exerciseSlugs('es').map((s) => `content/exercises/es/${s}.mdx`),
  ];
  for (const f of files) {
    it(f, () => {
      expect(bannedSpanishVariants(readFileSync(f, 'utf8'))).toEqual([]);
    });
  }
  it('the check finds each banned variant (and leaves code and goal paths alone)', () => {
    const sample = [
      'La puerta bloquea.', 'una compuerta', 'el manifest registra', 'la rotura del plegado', 'frente al baseline', 'el baseline gana',
      'path: manifest.quality_gate.max_review_rate', 'el campo `manifest` del JSON', 'la baseline y el gate', 'el manifiesto',
    ].join('\n');
    expect(bannedSpanishVariants(sample).map((b) => b.word)).toEqual(['puerta', 'compuerta', 'manifest', 'rotura', 'al baseline', 'el baseline']);
  });
});
