/** Mensajes compartidos del contrato de laboratorio (validación, métricas no definidas, CLI), en español (idioma fuente). */

export const coreEs = {
  validation: {
    empty_input: 'La entrada está vacía.',
    json_syntax: (code: string) => `JSON mal formado (${code}).`,
    jsonl_syntax: 'Esta línea no es un objeto JSON válido.',
    no_rows: 'No hay ninguna fila: cada línea debe ser un objeto JSON.',
    duplicate: (value: string) => `El identificador «${value}» está repetido.`,
    too_large: 'El número es demasiado grande: se admiten valores de hasta 10^15 en valor absoluto.',
    json_errors: {
      InvalidCommentToken: 'JSON no admite comentarios (// o /* */): bórralos.',
      CommaExpected: 'Falta una coma entre dos elementos.',
      ColonExpected: 'Falta «:» entre el nombre de un campo y su valor.',
      PropertyNameExpected: 'Se esperaba el nombre de un campo entre comillas (¿sobra una coma al final?).',
      ValueExpected: 'Falta un valor (¿sobra una coma al final, o falta un número o un texto?).',
      CloseBraceExpected: 'Falta cerrar un objeto con «}».',
      CloseBracketExpected: 'Falta cerrar una lista con «]».',
      EndOfFileExpected: 'Hay texto después del final del objeto JSON.',
      UnexpectedEndOfString: 'Un texto entre comillas no se cierra.',
      InvalidSymbol: 'Hay un símbolo que no es JSON válido (los textos van entre comillas dobles).',
      InvalidNumberFormat: 'Un número está mal escrito (usa punto decimal: 0.5).',
    } as Record<string, string>,
    line: (n: number) => `línea ${n}`,
    field: (f: string) => `campo ${f}`,
  },
  /** Por qué una métrica no está definida (el denominador está vacío). */
  undefined_reason: {
    no_cases: 'no hay casos',
    no_positives: 'no hay casos positivos (etiqueta 1)',
    no_negatives: 'no hay casos negativos (etiqueta 0)',
    no_predicted_positives: 'ningún caso se predice positivo (TP + FP = 0)',
    no_automated_cases: 'todos los casos van a revisión: no hay decisiones automáticas',
    no_automated_positives: 'no hay positivos reales entre los casos automatizados (TP + FN = 0)',
    no_automated_negatives: 'no hay negativos reales entre los casos automatizados (TN + FP = 0)',
    no_errors_or_hits: 'no hay TP, FP ni FN (2·TP + FP + FN = 0)',
    depends_on_undefined: 'depende de una métrica no definida',
    single_class: 'solo hay una clase: la curva no está definida',
    no_predicted_negatives: 'ningún caso se predice negativo (TN + FN = 0)',
    degenerate_margin: 'una fila o una columna de la matriz de confusión está vacía: el coeficiente no tiene denominador',
  },
  /** Mensajes de la línea de órdenes (labs/cli.ts). */
  /** Problemas de la vista (los controles del laboratorio) que el motor detecta. */
  view: {
    pair_incomplete: 'Hay que dar los dos umbrales (bajo y alto), o ninguno.',
    low_above_high: 'El umbral bajo no puede ser mayor que el alto.',
    unknown_calibrator: (name: string) => `El calibrador «${name}» no existe.`,
    unknown_slice_column: (name: string) => `Los casos no tienen la columna «${name}» para separar por segmentos; se puede elegir «slice» o una columna del CSV.`,
    unknown_case: (id: string) => `No hay ningún caso con el identificador «${id}» (¿se borró?).`,
    unknown_variant: (id: string) => `No hay ninguna variante con el identificador «${id}».`,
  },
  /** Un fallo inesperado del motor (un error de programación, no de la entrada). */
  engine_error: (detail: string) => `Error inesperado del motor del laboratorio; tu texto se conserva. Detalle técnico: ${detail}`,
  unknown_lab: (id: string) => `No existe el laboratorio «${id}».`,
  cli: {
    usage: 'uso: npm run --silent lab -- <laboratorio> [entradas] [--format json|md] [--lang es|en] [--strict]',
    labs: 'laboratorios:',
    unknown_lab: (id: string) => `laboratorio desconocido: «${id}»`,
    needs_value: (flag: string) => `${flag} necesita un valor`,
    bad_format: (v: string) => `--format tiene que ser json o md, no «${v}»`,
    bad_lang: (v: string) => `--lang tiene que ser es o en, no «${v}»`,
    unknown_option: (flag: string, lab: string) => `opción desconocida «${flag}» para el laboratorio ${lab}`,
    needs_file: (flag: string) => `${flag} necesita la ruta de un archivo`,
    repeated: (flag: string) => `${flag} aparece dos veces`,
    missing: (flag: string) => `falta ${flag} ARCHIVO`,
    more_issues: (n: number) => `… y ${n} problemas más`,
    file_error: (path: string, code: string) => `no se pudo leer ${path} (${code === 'ENOENT' ? 'no existe' : code === 'EISDIR' ? 'es una carpeta' : code === 'EACCES' ? 'sin permiso' : code})`,
  },
};
