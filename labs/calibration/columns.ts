/**
 * The calibration lab's cases, one column per field, so that 10^6 rows cost a few typed arrays
 * instead of 10^6 objects: row i is the i-th case in file order in every column.
 *   case_id     string[]      (kept for the per-case lists and the duplicate check)
 *   split       Uint8Array    0 = calibration, 1 = evaluation
 *   raw_score   Float64Array  in [0, 1]
 *   label       Uint8Array    0 or 1
 *   categorical columns: 'slice' and every other column of the input, each as Int32 codes into its
 *   own list of distinct values (first-seen order); a JSONL row without the column has ''.
 * The builder grows its typed arrays by doubling; `finish` trims them. Column names come from data,
 * so columns live in a Map.
 */

/** A dictionary-encoded text column: codes[i] indexes values. */
export interface CategoricalColumn {
  values: string[];
  codes: Int32Array;
}

export interface CalibrationCases {
  n: number;
  case_id: string[];
  split: Uint8Array;
  raw_score: Float64Array;
  label: Uint8Array;
  /** 'slice' first, then the other columns in first-seen order. */
  columns: Map<string, CategoricalColumn>;
}

/** One case as a plain object (for the per-case lists and tests); `extra` holds every column but 'slice'. */
export interface CalibrationCase {
  case_id: string;
  split: 'calibration' | 'evaluation';
  raw_score: number;
  label: 0 | 1;
  slice: string;
  extra: Record<string, string>;
}

export const SPLIT_CODES = { calibration: 0, evaluation: 1 } as const;

class CategoricalBuilder {
  values: string[] = [];
  index = new Map<string, number>();
  codes: Int32Array;
  /** The last row that set this column. */
  last = -1;
  constructor(capacity: number, fillTo: number) {
    this.codes = new Int32Array(capacity);
    // rows before this column appeared hold ''
    if (fillTo > 0) this.codes.fill(this.code(''), 0, fillTo);
  }
  code(v: string): number {
    let c = this.index.get(v);
    if (c === undefined) {
      c = this.values.length;
      this.values.push(v);
      this.index.set(v, c);
    }
    return c;
  }
}

/** Appends validated cases row by row into columns. */
export class CasesBuilder {
  private n = 0;
  private cap: number;
  private ids: string[] = [];
  private split: Uint8Array;
  private score: Float64Array;
  private label: Uint8Array;
  private cols = new Map<string, CategoricalBuilder>();

  constructor(capacity = 1024) {
    this.cap = Math.max(16, capacity);
    this.split = new Uint8Array(this.cap);
    this.score = new Float64Array(this.cap);
    this.label = new Uint8Array(this.cap);
    this.cols.set('slice', new CategoricalBuilder(this.cap, 0));
  }

  get length(): number {
    return this.n;
  }

  private grow(): void {
    const cap = this.cap * 2;
    const g = <T extends Uint8Array | Float64Array | Int32Array>(a: T, make: (n: number) => T): T => {
      const b = make(cap);
      b.set(a);
      return b;
    };
    this.split = g(this.split, (k) => new Uint8Array(k));
    this.score = g(this.score, (k) => new Float64Array(k));
    this.label = g(this.label, (k) => new Uint8Array(k));
    for (const c of this.cols.values()) c.codes = g(c.codes, (k) => new Int32Array(k));
    this.cap = cap;
  }

  /**
   * Adds one case. `slice` is the slice value ('all' when absent); `extra` gives the other columns'
   * values as [name, value] pairs (a column missing from a row gets '').
   */
  push(caseId: string, split: 0 | 1, rawScore: number, label: 0 | 1, slice: string, extra: Iterable<readonly [string, string]>): void {
    if (this.n === this.cap) this.grow();
    const i = this.n;
    this.ids.push(caseId);
    this.split[i] = split;
    this.score[i] = rawScore;
    this.label[i] = label;
    const sl = this.cols.get('slice')!;
    sl.codes[i] = sl.code(slice);
    sl.last = i;
    for (const [name, value] of extra) {
      let col = this.cols.get(name);
      if (!col) {
        col = new CategoricalBuilder(this.cap, i);
        this.cols.set(name, col);
      }
      col.codes[i] = col.code(value);
      col.last = i;
    }
    // columns this row lacks (a JSONL row without them): ''
    for (const col of this.cols.values()) {
      if (col.last !== i) {
        col.codes[i] = col.code('');
        col.last = i;
      }
    }
    this.n++;
  }

  /** The columns, trimmed to the cases added. */
  finish(): CalibrationCases {
    const n = this.n;
    const columns = new Map<string, CategoricalColumn>();
    for (const [name, c] of this.cols) columns.set(name, { values: c.values, codes: c.codes.slice(0, n) });
    return { n, case_id: this.ids, split: this.split.slice(0, n), raw_score: this.score.slice(0, n), label: this.label.slice(0, n), columns };
  }
}

/** Columns from a list of cases (tests, benches, small inputs). */
export function casesFromRows(rows: readonly CalibrationCase[]): CalibrationCases {
  const b = new CasesBuilder(rows.length);
  for (const r of rows) b.push(r.case_id, SPLIT_CODES[r.split], r.raw_score, r.label, r.slice, Object.entries(r.extra));
  return b.finish();
}

/** Case i as an object. @throws RangeError for i outside [0, n). */
export function caseAt(cases: CalibrationCases, i: number): CalibrationCase {
  if (!(Number.isInteger(i) && i >= 0 && i < cases.n)) throw new RangeError(`case index ${i} outside [0, ${cases.n})`);
  const extra = Object.create(null) as Record<string, string>;
  let slice = 'all';
  for (const [name, col] of cases.columns) {
    const v = col.values[col.codes[i]];
    if (name === 'slice') slice = v;
    else extra[name] = v;
  }
  return { case_id: cases.case_id[i], split: cases.split[i] === 0 ? 'calibration' : 'evaluation', raw_score: cases.raw_score[i], label: cases.label[i] as 0 | 1, slice, extra };
}

/** The indices of the cases of one split, in file order. */
export function splitIndex(cases: CalibrationCases, split: 0 | 1): Int32Array {
  let m = 0;
  for (let i = 0; i < cases.n; i++) if (cases.split[i] === split) m++;
  const out = new Int32Array(m);
  let j = 0;
  for (let i = 0; i < cases.n; i++) if (cases.split[i] === split) out[j++] = i;
  return out;
}
