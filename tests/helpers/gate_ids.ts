/**
 * The gate kit's case ids on the English page: labs/gate/presets/*.en.* hold the same five cases
 * under English names (issue 23: the English lab showed `sin_evidencia_001`, `matricula_001`).
 * Tests written with the Spanish kit's ids reach the English files through these.
 */
import type { Lang } from '../../labs/core/contract/types.ts';

export const GATE_EN_ID = {
  matricula_001: 'enrollment_001',
  beca_001: 'grant_001',
  sin_evidencia_001: 'no_evidence_001',
  horario_001: 'hours_001',
  soporte_001: 'support_001',
} as const;

export type GateKitId = keyof typeof GATE_EN_ID;

/** A kit case's id on the page in `lang`. */
export const gateId = (lang: Lang, id: GateKitId): string => (lang === 'en' ? GATE_EN_ID[id] : id);

const swap = (texts: Record<string, string>, pairs: [string, string][]) =>
  Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, pairs.reduce((s, [from, to]) => s.replaceAll(from, to), v)]));

/**
 * `edit`, written with the Spanish kit's ids, applied to the texts of either language: English
 * ids are written as the Spanish ones before the edit and back after it (ids derived from them,
 * such as `matricula_001_r2`, come back as `enrollment_001_r2`). Texts without English ids are
 * edited as they are.
 */
export function withKitIds(edit: (t: Record<string, string>) => Record<string, string>) {
  const toEs = Object.entries(GATE_EN_ID).map(([es, en]) => [en, es] as [string, string]);
  const toEn = Object.entries(GATE_EN_ID) as [string, string][];
  return (t: Record<string, string>): Record<string, string> => {
    if (!Object.values(t).some((v) => v.includes(GATE_EN_ID.matricula_001))) return edit(t);
    return swap(edit(swap(t, toEs)), toEn);
  };
}
