/**
 * The course's exercise definitions (frontmatter without page data), for the receipt verifier on
 * the syllabus page (src/components/exercises/ReceiptVerifier.tsx): { es: { slug: spec }, en: {...} }.
 * One static file for both languages, fetched only when an instructor drops receipts.
 */
import { getCollection } from 'astro:content';
import { splitId } from '../../lib/chapterIndex.ts';

export async function GET() {
  const out: Record<string, Record<string, unknown>> = { es: {}, en: {} };
  for (const e of await getCollection('exercises')) {
    const { lang, slug } = splitId(e.id);
    const { order: _o, section: _s, minutes: _m, level: _l, ...spec } = e.data;
    out[lang][slug] = spec;
  }
  return new Response(JSON.stringify(out), { headers: { 'Content-Type': 'application/json' } });
}
