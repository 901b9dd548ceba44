/**
 * Both languages always: every UI string and every engine message exists in Spanish and English,
 * with the same shape (a function in one is a function in the other, with the same arity).
 */
import { describe, expect, it } from 'vitest';
import { es as uiEs } from '../../src/i18n/es.ts';
import { en as uiEn } from '../../src/i18n/en.ts';
import { coreEs } from '../../labs/core/contract/i18n/es.ts';
import { coreEn } from '../../labs/core/contract/i18n/en.ts';

// Every engine catalog: the shared one and each lab's own (labs/<id>/i18n/{es,en}.ts).
const labCatalogs = import.meta.glob<Record<string, unknown>>('../../labs/*/i18n/{es,en}.ts', { eager: true });
const catalogOf = (lang: 'es' | 'en') =>
  Object.fromEntries(
    Object.entries(labCatalogs)
      .filter(([path]) => path.endsWith(`/${lang}.ts`))
      .map(([path, mod]) => [path.split('/')[3], Object.values(mod)[0]]),
  );
const labEs = { ...coreEs, ...catalogOf('es') };
const labEn = { ...coreEn, ...catalogOf('en') };

type Shape = Record<string, unknown>;

function shape(obj: unknown, prefix = ''): string[] {
  if (typeof obj === 'function') return [`${prefix}()${obj.length}`];
  if (typeof obj === 'string') return [prefix];
  if (obj && typeof obj === 'object') return Object.entries(obj as Shape).flatMap(([k, v]) => shape(v, prefix ? `${prefix}.${k}` : k));
  return [`${prefix}:${typeof obj}`];
}

function emptyStrings(obj: unknown, prefix = ''): string[] {
  if (typeof obj === 'string') return obj.trim() === '' ? [prefix] : [];
  if (obj && typeof obj === 'object') return Object.entries(obj as Shape).flatMap(([k, v]) => emptyStrings(v, `${prefix}.${k}`));
  return [];
}

describe('dictionaries', () => {
  it('the UI has the same keys in es and en', () => {
    expect(shape(uiEn).sort()).toEqual(shape(uiEs).sort());
  });
  it('every lab has its catalogs in both languages', () => {
    expect(Object.keys(catalogOf('en')).sort()).toEqual(Object.keys(catalogOf('es')).sort());
    expect(Object.keys(catalogOf('es')).length).toBeGreaterThanOrEqual(4);
  });
  it('the lab engines have the same messages in es and en', () => {
    expect(shape(labEn).sort()).toEqual(shape(labEs).sort());
  });
  it('no message is empty, and English is not a copy of Spanish', () => {
    expect(emptyStrings(uiEn)).toEqual([]);
    expect(emptyStrings(labEn)).toEqual([]);
    expect(uiEn.home.title).not.toBe(uiEs.home.title);
    expect(labEn.validation.no_rows).not.toBe(labEs.validation.no_rows);
  });
  it('every section of the English UI is mostly English (not a copy of the Spanish one)', () => {
    const leaves = (o: unknown, p = ''): [string, unknown][] =>
      typeof o === 'string' || typeof o === 'function' ? [[p, o]] : Object.entries(o as Shape).flatMap(([k, v]) => leaves(v, p ? `${p}.${k}` : k));
    const en = new Map(leaves(uiEn));
    for (const section of Object.keys(uiEs)) {
      const strings = leaves((uiEs as Shape)[section], section).filter(([, v]) => typeof v === 'string');
      const same = strings.filter(([k, v]) => en.get(k) === v);
      // Terms of art (F1, Brier, TP, hashes) may coincide; whole sections may not.
      expect(same.length, `${section}: ${same.map(([k]) => k).join(', ')}`).toBeLessThanOrEqual(Math.max(1, Math.floor(strings.length * 0.15)));
    }
  });
  it('a shape difference is detected (the check itself can fail)', () => {
    expect(shape({ a: 'x', b: { c: (n: number) => String(n) } })).not.toEqual(shape({ a: 'x', b: { c: 'y' } }));
  });
});
