/** Mensajes compartidos de los motores de laboratorio, en español (idioma fuente). */
import { thresholdEs } from '../threshold/i18n/es.ts';
import { rubricEs } from '../rubric/i18n/es.ts';
import { calibrationEs } from '../calibration/i18n/es.ts';
import { gateEs } from '../gate/i18n/es.ts';

export const es = {
  validation: {
    empty_input: 'La entrada está vacía.',
    json_syntax: (code: string) => `JSON mal formado (${code}).`,
    jsonl_syntax: 'Esta línea no es un objeto JSON válido.',
    no_rows: 'No hay ninguna fila: cada línea debe ser un objeto JSON.',
    duplicate: (value: string) => `El identificador «${value}» está repetido.`,
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
  },
  threshold: thresholdEs,
  rubric: rubricEs,
  calibration: calibrationEs,
  gate: gateEs,
};
