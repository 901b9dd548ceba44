/**
 * The type of a translated catalog: the Spanish catalog (the source) with its literal strings widened
 * to string, keeping nested objects and function signatures, so that English must have every key.
 */
export type Widen<T> = T extends (...args: infer A) => infer R
  ? (...args: A) => Widen<R>
  : T extends string
    ? string
    : { [K in keyof T]: Widen<T[K]> };
