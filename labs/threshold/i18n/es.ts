/** Mensajes del laboratorio de umbral (capítulo 02), en español. El ayudante del motor los completa. */
export const thresholdEs = {
  verdict: {
    pass: 'Automatizar con el par recomendado y revisar la zona intermedia.',
    fail: 'No automatizar todavía: ningún par cumple las restricciones.',
  },
  reasons: {} as Record<string, string>,
};
