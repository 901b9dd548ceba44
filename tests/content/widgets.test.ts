/** Every <Widget name="…"> a chapter uses has its module in src/components/widgets/<name>.tsx, in both languages. */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';

describe('chapter widgets exist', () => {
  for (const lang of ['es', 'en'] as const) {
    for (const file of readdirSync(`content/chapters/${lang}`).filter((f) => f.endsWith('.mdx'))) {
      it(`${lang}/${file}`, () => {
        const names = [...readFileSync(`content/chapters/${lang}/${file}`, 'utf8').matchAll(/<Widget\s+name="([^"]+)"/g)].map((m) => m[1]);
        expect(names.filter((n) => !existsSync(`src/components/widgets/${n}.tsx`))).toEqual([]);
      });
    }
  }
});
