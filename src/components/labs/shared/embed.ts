/**
 * How a lab island is embedded somewhere else than its own page (an exercise): a starting state
 * that replaces the lab's preset, a storage namespace so the learner's work on an exercise is kept
 * apart from the free lab, and a callback that receives every result (the exercise checks its goals
 * on it). Every lab island accepts `{ lang, embed? }`.
 */
export interface LabEmbed {
  storageId: string;
  start: { texts: Record<string, string>; view?: unknown };
  onResult?: (result: unknown, stale: boolean) => void;
}

export interface LabIslandProps {
  lang: 'es' | 'en';
  embed?: LabEmbed;
}
