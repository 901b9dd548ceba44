/**
 * How a lab island is embedded somewhere else than its own page (an exercise): a starting state
 * that replaces the lab's preset, a storage namespace so the learner's work on an exercise is kept
 * apart from the free lab, and a callback that receives every result (the exercise checks its goals
 * on it). Every lab island accepts `{ lang, embed? }`.
 */
export interface LabEmbed {
  storageId: string;
  start: { texts: Record<string, string>; view?: unknown };
  /** Every result, whether it is stale, and the texts and view it was computed from. */
  onResult?: (result: unknown, stale: boolean, state: { texts: Record<string, string>; view: unknown }) => void;
  /** The exercise arrived by a link (its start state is offered over saved work, never forced). */
  fromLink?: boolean;
}

export interface LabIslandProps {
  lang: 'es' | 'en';
  /** The lab's default preset in the page's language (labs/<id>/meta.ts), input name -> text. */
  preset: Record<string, string>;
  /** Ready examples for the lab's optional inputs (meta `examples`), input name -> text. */
  examples: Record<string, string>;
  embed?: LabEmbed;
}
