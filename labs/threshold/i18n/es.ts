/** Mensajes del laboratorio de umbral (capítulo 02), en español (idioma fuente). */
export const thresholdEs = {
  verdict: {
    pass: 'Automatizar con el par recomendado y revisar la zona intermedia.',
    fail: 'No automatizar todavía: ningún par cumple las restricciones.',
  },
  /** Códigos de motivo de la decisión y de las restricciones que falla un par. */
  reasons: {
    no_policy_meets_constraints:
      'ningún par de umbrales de la rejilla logra a la vez el recall operativo mínimo y una tasa de revisión dentro del máximo',
    review_rate_above_max: 'la tasa de revisión supera el máximo que admite la política',
    review_rate_undefined: 'la tasa de revisión no está definida (no hay casos)',
    operational_recall_below_min: 'el recall operativo se queda por debajo del mínimo de la política',
    operational_recall_undefined:
      'el recall operativo no está definido (no hay positivos), así que no se puede demostrar que alcanza el mínimo',
    no_positives: 'los datos no contienen ningún caso positivo: no hay forma de medir cuántos se escaparían',
  },
  validation: {
    grid_too_long: (max: number) => `La rejilla admite como mucho ${max} valores (por ejemplo, de 0 a 1 en pasos de 0,01).`,
    grid_two_distinct: 'La rejilla de umbrales necesita al menos dos valores distintos.',
  },
  report: {
    title: 'Decisión de umbral',
    verdict: 'Veredicto',
    summary: (evaluated: number, feasible: number, cases: number) =>
      `Se evaluaron ${evaluated} pares de umbrales sobre ${cases} casos; ${feasible} cumplen las restricciones de la política.`,
    recommended_heading: 'Par recomendado',
    least_bad_heading: 'Par menos malo (no cumple las restricciones)',
    selected_heading: 'Par seleccionado en el laboratorio',
    rule: (low: string, high: string, neg: string, pos: string) =>
      `Regla: puntuación ≤ ${low} → «${neg}»; puntuación ≥ ${high} → «${pos}»; entre ambos umbrales, revisión humana.`,
    low: 'Umbral bajo',
    high: 'Umbral alto',
    cost: 'Coste total',
    cost_formula: (fp: string, fn: string, review: string) => `FP × ${fp} + FN × ${fn} + revisión × ${review}`,
    operational_recall: 'Recall operativo',
    review_rate: 'Tasa de revisión',
    automation_rate: 'Tasa de automatización',
    precision: 'Precisión de lo automatizado como positivo',
    minimum: (x: string) => `mínimo ${x}`,
    maximum: (x: string) => `máximo ${x}`,
    counts: (tp: number, fp: number, fn: number, tn: number, rp: number, rn: number) =>
      `Conteos: TP ${tp}, FP ${fp}, FN ${fn}, TN ${tn}; a revisión: positivos ${rp}, negativos ${rn}.`,
    passes: '¿Cumple las restricciones?',
    yes: 'sí',
    no: 'no',
    failed: 'Restricciones que no cumple',
    owner: 'Responsable de la decisión',
    owner_missing: 'sin asignar en la política',
    undefined: (reason: string) => `no definido (${reason})`,
    curves_heading: 'Capacidad de ordenar (todos los casos, sin umbral)',
    roc_auc: 'ROC AUC',
    average_precision: 'Precisión media (AP)',
    action_heading: 'Qué hacer',
    action_pass:
      'Automatizar con este par: los casos por encima del umbral alto y por debajo del bajo se resuelven solos, y la franja intermedia pasa a una persona. Conviene vigilar en producción el recall operativo y la carga de revisión.',
    action_fail: 'No automatizar todavía.',
    least_bad_named: (low: string, high: string) =>
      `El par menos malo (bajo ${low}, alto ${high}) aparece solo como referencia: no es una recomendación.`,
    fallback: (text: string) => `Acción prevista por la política mientras ningún par cumpla: ${text}.`,
    no_fallback:
      'La política no indica qué hacer si ningún par cumple (if_no_policy_passes): mantener el proceso actual y conseguir más datos.',
    reading:
      'El par no se elige por una métrica aislada: es el de menor coste esperado entre los que mantienen el recall operativo y caben en la capacidad de revisión.',
  },
};
