/**
 * Every <Widget name="…"> a chapter uses has its module, in both languages: the file
 * src/components/labs/<lab>/widgets/<name>.tsx of exactly one lab (WidgetLoader.tsx finds widgets by
 * file name across the labs' folders, so two files with one name would make the name ambiguous).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { widgetsByName } from '../../src/components/content/WidgetLoader.tsx';

/** The widget files under the labs' folders, as `<lab>/widgets/<file>`. */
const widgetFiles = readdirSync('src/components/labs', { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(`src/components/labs/${d.name}/widgets`))
  .flatMap((d) => readdirSync(`src/components/labs/${d.name}/widgets`).filter((f) => f.endsWith('.tsx')).map((f) => `${d.name}/widgets/${f}`));
const nameOf = (file: string) => file.slice(file.lastIndexOf('/') + 1, -'.tsx'.length);

describe('chapter widgets exist', () => {
  it('the labs hold widget files, no two with one name', () => {
    expect(widgetFiles.length).toBeGreaterThan(0);
    const names = widgetFiles.map(nameOf);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  for (const lang of ['es', 'en'] as const) {
    for (const file of readdirSync(`content/chapters/${lang}`).filter((f) => f.endsWith('.mdx'))) {
      it(`${lang}/${file}`, () => {
        const names = [...readFileSync(`content/chapters/${lang}/${file}`, 'utf8').matchAll(/<Widget\s+name="([^"]+)"/g)].map((m) => m[1]);
        const known = new Set(widgetFiles.map(nameOf));
        expect(names.filter((n) => !known.has(n))).toEqual([]);
      });
    }
  }
});

describe('widgetsByName', () => {
  it('keys modules by file name, whichever lab folder holds them', () => {
    const byName = widgetsByName({ '../labs/a/widgets/a-one.tsx': 1, '../labs/b/widgets/b-two.tsx': 2 });
    expect([...byName]).toEqual([['a-one', 1], ['b-two', 2]]);
  });

  it('throws on two files with one name in different labs', () => {
    expect(() => widgetsByName({ '../labs/a/widgets/same.tsx': 1, '../labs/b/widgets/same.tsx': 2 })).toThrow(/two chapter widgets are named "same"/);
  });
});
