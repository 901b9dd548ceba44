/**
 * Lab notes (content/lab-notes/{es,en}/<lab-id>.md): every file is named after a lab of
 * labs/manifest.ts (the collection's generateId throws on any other name, failing the build), and a
 * lab page finds its note by language and lab id, or nothing when the lab has none.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { labNoteFor, labNoteId } from '../../src/lib/lab-notes.ts';
import { LAB_IDS } from '../../labs/manifest.ts';

const ROOT = 'content/lab-notes';
/** The note files on disk, relative to content/lab-notes (none yet is fine). */
function noteFiles(): string[] {
  if (!existsSync(ROOT)) return [];
  return readdirSync(ROOT, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => `${d.parentPath.slice(ROOT.length + 1).replace(/\\/g, '/')}/${d.name}`.replace(/^\//, ''));
}

describe('lab notes', () => {
  it('every file in content/lab-notes is {es,en}/<lab-id>.md for a lab of the manifest', () => {
    const bad: string[] = [];
    for (const f of noteFiles()) {
      try { labNoteId(f); } catch (e) { bad.push((e as Error).message); }
    }
    expect(bad).toEqual([]);
  });
  it('a file name that is not a lab id, a language or .md is refused', () => {
    expect(labNoteId('es/gate.md')).toBe('es/gate');
    expect(labNoteId('en/rubric.md')).toBe('en/rubric');
    for (const id of LAB_IDS) expect(labNoteId(`en/${id}.md`)).toBe(`en/${id}`);
    expect(() => labNoteId('es/gates.md')).toThrow(/not a lab id/);
    expect(() => labNoteId('es/rag-notes.md')).toThrow(/not a lab id/);
    expect(() => labNoteId('fr/gate.md')).toThrow(/lab-notes\/\{es,en\}/);
    expect(() => labNoteId('gate.md')).toThrow();
    expect(() => labNoteId('es/gate.mdx')).toThrow();
  });
  it('a lab page finds its note in its language, and nothing for a lab without one', () => {
    // A fixture as getCollection('labNotes') returns it: ids from labNoteId.
    const entries = ['es/gate.md', 'en/gate.md', 'es/rag.md'].map((f) => ({ id: labNoteId(f), body: f }));
    expect(labNoteFor(entries, 'es', 'gate')?.body).toBe('es/gate.md');
    expect(labNoteFor(entries, 'en', 'gate')?.body).toBe('en/gate.md');
    expect(labNoteFor(entries, 'es', 'rag')?.body).toBe('es/rag.md');
    expect(labNoteFor(entries, 'en', 'rag')).toBeUndefined();
    expect(labNoteFor(entries, 'es', 'trace')).toBeUndefined();
    expect(labNoteFor([], 'es', 'gate')).toBeUndefined();
  });
});
