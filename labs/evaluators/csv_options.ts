/**
 * How the evaluator lab reads a cases CSV with Papa Parse: no header row object (rows of cells),
 * blank lines kept (the engine counts lines), the delimiter guessed among ",", ";" and tab. The
 * engine (schema.ts) and the island's text editor (src/components/labs/evaluators/edit.ts) both
 * use it, so the two never disagree on where a cell ends.
 */
export const CASES_CSV_OPTIONS = { header: false, skipEmptyLines: false, delimitersToGuess: [',', ';', '\t'] };
