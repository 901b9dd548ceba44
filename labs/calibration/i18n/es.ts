/** Mensajes del laboratorio de calibración (capítulo 05), en español (idioma fuente). */
export const calibrationEs = {
  verdict: {
    pass: 'Se puede automatizar fuera de la zona de revisión con el par recomendado.',
    fail: 'No automatizar todavía: ningún par de umbrales cumple las restricciones de la política.',
  },
  /** Códigos de motivo de la decisión y de las restricciones que incumple un par. */
  reasons: {
    no_feasible_pair: 'ningún par (low, high) de la rejilla cumple a la vez las tres restricciones de la política',
    conformal_q_infinite:
      'hay demasiados pocos casos de calibración para la cobertura pedida: q es infinito y todos los conjuntos conformales contienen las dos etiquetas, así que todo va a revisión',
    review_rate_above_max: 'la tasa de revisión supera el máximo permitido',
    auto_coverage_below_min: 'la cobertura automática no llega al mínimo exigido',
    auto_error_rate_above_max: 'la tasa de error de las decisiones automáticas supera el máximo permitido',
    auto_error_rate_undefined: 'no se automatiza ningún caso, así que la tasa de error automática no está definida',
  },
  /** Avisos que no cambian el veredicto pero conviene leer. */
  warnings: {
    conformal_q_infinite: 'q conformal infinito: el rango ⌈(n+1)(1−α)⌉ supera el número de casos de calibración.',
    calibrated_ece_worse_than_raw: 'El ECE calibrado es peor que el del score bruto en el split de evaluación.',
    calibrated_brier_worse_than_raw: 'El Brier calibrado es peor que el del score bruto en el split de evaluación.',
    calibration_split_one_class: 'El split de calibración tiene una sola clase: los calibradores apenas aprenden nada.',
    evaluation_split_one_class: 'El split de evaluación tiene una sola clase: la resolución y la incertidumbre valen 0.',
    ties_at_best_cost: 'Varios pares empatan en el mejor coste; el desempate (revisión, cobertura, −high, low) elige uno.',
    bootstrap_rounds_reduced: 'Con tantos casos se hicieron menos rondas de bootstrap de las pedidas (ver bootstrap.rounds) para no bloquear la página.',
    recalibration_trigger_fired: 'Se ha activado al menos un disparador de recalibración.',
  },
  triggers: {
    base_rate_relative_change: 'cambio relativo de la tasa base (evaluación frente a calibración)',
    ece_regression: 'empeoramiento del ECE calibrado (evaluación menos calibración)',
    new_slice_without_50_cases: 'segmentos nuevos (fuera de valid_slices) con pocos casos',
    known_bad_slice_present: 'aparecen segmentos marcados como problemáticos',
  },
  calibrator_names: {
    histogram_laplace: 'histograma con suavizado de Laplace',
    platt: 'escalado de Platt',
    isotonic: 'regresión isotónica',
    temperature: 'escalado de temperatura',
  },
  undefined_reason: {
    conformal_rank_exceeds_n: 'el rango ⌈(n+1)(1−α)⌉ supera n: q es infinito',
  },
  validation: {
    unknown_slice_by: (col: string, cols: string) => `slice_by nombra la columna «${col}», que los casos no tienen; las columnas posibles son: ${cols}.`,
    missing_column: (col: string) => `Falta la columna obligatoria «${col}» en la cabecera.`,
    duplicate_column: (col: string) => `La columna «${col}» aparece dos veces en la cabecera.`,
    wrong_cell_count: (got: number, want: number) => `La fila tiene ${got} celdas y la cabecera ${want}.`,
    csv_syntax: (line: string) => `La fila que empieza en la línea ${line} no se puede leer como CSV.`,
    csv_missing_quotes: (line: string) =>
      `Las comillas que se abren en la fila de la línea ${line} no se cierran nunca, así que esa fila no se puede leer; las filas siguientes se revisan desde la línea de después. Cierra las comillas o quítalas.`,
    csv_invalid_quotes: (line: string) =>
      `En la fila de la línea ${line} hay texto justo después de unas comillas de cierre (como "abc"x): un campo entre comillas debe acabar en el separador o en el final de la línea.`,
    csv_too_few_fields: (line: string) => `La fila de la línea ${line} tiene menos campos que la cabecera.`,
    csv_too_many_fields: (line: string) => `La fila de la línea ${line} tiene más campos que la cabecera.`,
    csv_undetectable_delimiter:
      'No se ha podido detectar el separador (coma, punto y coma o tabulador): la cabecera parece tener una sola columna. Separa las columnas con uno de esos caracteres.',
    no_cases: 'No hay ningún caso después de la cabecera.',
    too_many_cases: (n: number, max: number) => `Hay ${n} casos; el laboratorio admite como máximo ${max}.`,
    split_missing: (split: string) => `No hay ningún caso con split «${split}»: hacen falta casos de calibración y de evaluación.`,
  },
  report: {
    title: 'Decisión de calibración',
    verdict: 'Veredicto',
    reasons: 'Motivos',
    calibrator_heading: 'Calibrador',
    calibrator_line: (type: string, name: string, nCal: number, nEv: number) =>
      `Calibrador que alimenta la política: ${type} (${name}). Se ajustó solo con los ${nCal} casos del split de calibración; todas las métricas se miden sobre los ${nEv} casos del split de evaluación.`,
    binning_line: (bins: number, strategy: string) =>
      `Bandas del diagrama de fiabilidad y del ECE: ${bins}, ${strategy === 'uniform' ? 'de igual anchura' : 'de igual masa (cuantiles)'}.`,
    metric: 'Métrica',
    raw: 'Score bruto',
    calibrated: 'Calibrado',
    ci: (lo: string, hi: string) => `IC bootstrap 95 %: [${lo}, ${hi}]`,
    decomposition: (rel: string, res: string, unc: string) => `Descomposición de Murphy del Brier calibrado: fiabilidad ${rel}, resolución ${res}, incertidumbre ${unc}.`,
    compare_heading: 'Calibradores comparados (split de evaluación)',
    calibrator_col: 'Calibrador',
    conformal_heading: 'Predicción conformal',
    conformal_line: (q: string, rank: number, n: number, target: string) =>
      `q conformal: ${q} (el valor número ${rank} de ${n} puntuaciones de no conformidad) para una cobertura objetivo de ${target}.`,
    q_infinite: 'infinito',
    coverage_line: (cov: string, size: string) => `Cobertura empírica en evaluación: ${cov}; tamaño medio del conjunto: ${size}.`,
    sets_line: (s0: number, s1: number, s2: number) => `Conjuntos vacíos: ${s0}; con una etiqueta: ${s1}; con las dos: ${s2}.`,
    policy_heading: 'Política recomendada',
    least_bad_heading: 'Par más barato (no cumple la política)',
    low: 'low',
    high: 'high',
    review_rate: 'tasa de revisión',
    auto_coverage: 'cobertura automática',
    auto_error_rate: 'error automático',
    cost: 'coste estimado',
    confusion: (tp: number, fp: number, fn: number, tn: number) => `decisiones automáticas: TP ${tp}, FP ${fp}, FN ${fn}, TN ${tn}`,
    ties: (feasible: number, total: number, ties: number, tiesRates: number) =>
      `${feasible} de ${total} pares cumplen la política; ${ties} empatan en el mejor coste y ${tiesRates} de ellos empatan también en revisión y cobertura.`,
    rule: (neg: string, pos: string) =>
      `Regla: si el conjunto conformal es solo {${neg}} y p ≤ low, se decide «${neg}»; si es solo {${pos}} y p ≥ high, «${pos}»; en cualquier otro caso, revisión humana.`,
    slices_heading: 'Por segmento (split de evaluación)',
    slice: 'Segmento',
    count: 'n',
    cal_count: 'n calibración',
    base_rate: 'tasa base',
    triggers_heading: 'Disparadores de recalibración',
    fired: 'activado',
    not_fired: 'no activado',
    warnings_heading: 'Avisos',
    reading_heading: 'Cómo leerlo',
    reading: [
      'Un score puede ordenar bien los casos y aun así prometer probabilidades que no se cumplen: por eso se comparan el score bruto y el calibrado en datos que el calibrador no ha visto.',
      'Solo se automatiza cuando el conjunto conformal deja una única etiqueta y la probabilidad está al lado correcto del umbral; todo lo demás va a revisión.',
      'Si cambian el modelo, el prompt, la mezcla de casos o la capacidad de revisión, hay que volver a calibrar y a elegir umbrales.',
    ],
    undefined: (reason: string) => `no definido (${reason})`,
    yes: 'sí',
    no: 'no',
  },
};
