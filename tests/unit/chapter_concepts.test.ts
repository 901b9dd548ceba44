/**
 * Every published chapter meets, in each language, every concept that ../shared/concepts.json lists
 * for it: at least one of the concept's terms appears in the chapter's text (case-insensitive).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';

type Concept = { id: string; es: string[]; en: string[] };
const concepts = JSON.parse(readFileSync(new URL('../../../shared/concepts.json', import.meta.url), 'utf8')) as Record<string, Concept[]>;

describe('chapters cover their concepts', () => {
  for (const lang of ['es', 'en'] as const) {
    for (const file of readdirSync(`content/chapters/${lang}`).filter((f) => /^\d\d-.*\.mdx?$/.test(f))) {
      const key = `ch${file.slice(0, 2)}`;
      it(`${lang}/${file} (${key})`, () => {
        expect(concepts[key], `no concept list for ${key}`).toBeDefined();
        const text = readFileSync(`content/chapters/${lang}/${file}`, 'utf8').toLowerCase();
        const missing = concepts[key].filter((c) => !c[lang].some((term) => text.includes(term.toLowerCase()))).map((c) => c.id);
        expect(missing).toEqual([]);
      });
    }
  }
});
