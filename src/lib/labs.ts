/**
 * The labs that have a browser island, with their display names. A lab listed here gets a
 * standalone page (/laboratorios/<id>/, /en/labs/<id>/) and can be embedded in a chapter with
 * <Lab id="<id>" />.
 */
import type { Lang } from '../i18n/index.ts';

export const LAB_PAGES: Record<string, Record<Lang, string>> = {
  gate: { es: 'gate de evaluación: baseline frente a candidata', en: 'eval gate: baseline vs candidate' },
  threshold: { es: 'umbral y coste del error', en: 'threshold and cost of error' },
  calibration: { es: 'calibración, conformal y política de revisión', en: 'calibration, conformal sets and review policy' },
  rubric: { es: 'puntuación con rúbricas', en: 'rubric scoring' },
};

export function labPaths() {
  return Object.keys(LAB_PAGES).map((id) => ({ params: { lab: id }, props: { id } }));
}
