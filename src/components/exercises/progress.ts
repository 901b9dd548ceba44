/**
 * Exercise progress in this browser: which exercises are completed and when. Versioned; a damaged
 * entry is ignored (not fatal). Exportable as a JSON file for an instructor.
 */
import * as z from 'zod/mini';

const KEY = 'evals-lab:progress:v1';
const entry = z.object({ completed_at: z.string().check(z.maxLength(40)), title: z.string().check(z.maxLength(200)), lab: z.string().check(z.maxLength(40)) });
const progressSchema = z.record(z.string().check(z.maxLength(200)), entry);
export type Progress = z.infer<typeof progressSchema>;

export function readProgress(): Progress {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return {};
    const r = progressSchema.safeParse(JSON.parse(raw));
    return r.success ? r.data : {};
  } catch {
    return {};
  }
}

export function markCompleted(id: string, title: string, lab: string): Progress {
  const p = readProgress();
  if (!p[id]) {
    p[id] = { completed_at: new Date().toISOString(), title, lab };
    try {
      localStorage.setItem(KEY, JSON.stringify(p));
    } catch {
      /* storage unavailable: completion is still shown on the page */
    }
  }
  return p;
}

/** The progress file an instructor can collect: { exported_at, completed: [...] }. */
export function progressExport(p: Progress): string {
  const completed = Object.entries(p).map(([id, e]) => ({ id, ...e }));
  return `${JSON.stringify({ format: 'evals-lab-progress', version: 1, exported_at: new Date().toISOString(), completed }, null, 2)}\n`;
}
