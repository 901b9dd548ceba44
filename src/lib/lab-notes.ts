/**
 * Lab notes: how a lab differs from the textbook's scripts, one short Markdown file per lab and
 * language, content/lab-notes/{es,en}/<lab-id>.md (no frontmatter), shown on the lab's page in a
 * collapsed block (src/components/pages/LabPage.astro). The file name is the lab id of
 * labs/manifest.ts: a file named after no lab fails the build (the collection's generateId calls
 * labNoteId) and the unit test (tests/unit/lab_notes.test.ts). A lab without a note shows nothing.
 */
import { LAB_IDS, isLabId, type LabId } from '../../labs/manifest.ts';

export type NoteLang = 'es' | 'en';

/** The collection id ("es/gate") of a note file given relative to content/lab-notes ("es/gate.md"); throws on any other name. */
export function labNoteId(path: string): `${NoteLang}/${LabId}` {
  const m = /^(es|en)\/([^/]+)\.md$/.exec(path.replace(/\\/g, '/'));
  if (!m) throw new Error(`content/lab-notes/${path}: a lab note is content/lab-notes/{es,en}/<lab-id>.md`);
  const [, lang, id] = m;
  if (!isLabId(id)) throw new Error(`content/lab-notes/${path}: "${id}" is not a lab id (labs/manifest.ts: ${LAB_IDS.join(', ')})`);
  return `${lang as NoteLang}/${id}`;
}

/** The note of one lab in one language among the collection's entries, or undefined when the lab has none. */
export function labNoteFor<E extends { id: string }>(entries: readonly E[], lang: NoteLang, lab: string): E | undefined {
  return entries.find((e) => e.id === `${lang}/${lab}`);
}
