import { describe, expect, it } from 'vitest';
import { csvSyntaxMessage, parseCalibrationInput, parseCasesCsv } from '../../labs/calibration/schema.ts';

const HEADER = 'case_id,raw_score,label,split\n';

describe('calibration CSV: Papa Parse errors in words, and the other rows still checked', () => {
  it('an unclosed quote is reported on its line in es and en (no raw code), and a bad row after it is reported too', () => {
    // line 1 header, 2 fine, 3 opens a quote that never closes, 4 has a non-numeric score, 5 fine
    const text = HEADER + 'a,0.5,1,calibration\n"b,0.3,0,evaluation\nc,x,1,evaluation\nd,0.2,1,evaluation\n';
    for (const lang of ['es', 'en'] as const) {
      const r = parseCasesCsv(text, lang);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.issues.map((i) => [i.line, i.field])).toEqual([
        [3, undefined],
        [4, 'raw_score'],
      ]);
      expect(r.issues[0].message).toContain(lang === 'es' ? 'línea 3 no se cierran' : 'line 3 are never closed');
      expect(r.issues[0].message).not.toContain('MissingQuotes');
      expect(r.total_issues).toBe(2);
    }
  });

  it('rows after an unclosed quote are read again: valid ones raise nothing, and two unclosed quotes give two messages', () => {
    const text = HEADER + 'a,0.5,1,calibration\n"b,0.3,0,evaluation\nc,0.4,1,evaluation\n"d,0.2,1,evaluation\ne,0.1,0,evaluation\n';
    const r = parseCasesCsv(text, 'en');
    expect(!r.ok && r.issues.map((i) => i.line)).toEqual([3, 5]);
  });

  it('every Papa Parse code has its own sentence in both languages, naming the line; unknown codes get a generic one', () => {
    for (const code of ['MissingQuotes', 'InvalidQuotes', 'TooFewFields', 'TooManyFields', 'SomethingNew']) {
      const es = csvSyntaxMessage(code, 7, 'es');
      const en = csvSyntaxMessage(code, 7, 'en');
      expect(es).toContain('línea 7');
      expect(en).toContain('line 7');
      expect(es).not.toContain(code);
      expect(en).not.toContain(code);
    }
    expect(csvSyntaxMessage('UndetectableDelimiter', undefined, 'es')).toContain('separador');
    expect(csvSyntaxMessage('UndetectableDelimiter', undefined, 'en')).toContain('delimiter');
  });

  it('a one-column file: the missing columns plus a hint about the undetectable delimiter', () => {
    const r = parseCasesCsv('case_id|raw_score|label|split\na|0.5|1|calibration\n', 'en');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues.filter((i) => i.field !== undefined).map((i) => i.field)).toEqual(['case_id', 'split', 'raw_score', 'label']);
    expect(r.issues.at(-1)!.message).toContain('delimiter could not be detected');
  });
});

describe('calibration CSV: the total number of problems beyond the cap of 50', () => {
  it('120 rows with an out-of-range score: 50 issues listed, total_issues 120, also through parseCalibrationInput', () => {
    let text = HEADER;
    for (let i = 0; i < 120; i++) text += `c${i},2,1,${i % 2 ? 'evaluation' : 'calibration'}\n`;
    const r = parseCasesCsv(text, 'es');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues.length).toBe(50);
    expect(r.total_issues).toBe(120);
    expect(r.issues[49].line).toBe(51);
    // A bad policy ('{': one syntax error) adds its one problem to the total; the list stays at the cap.
    const all = parseCalibrationInput({ cases: text, policy: '{' }, 'en');
    expect(all.ok).toBe(false);
    if (all.ok) return;
    expect(all.issues.length).toBe(50);
    expect(all.total_issues).toBe(121);
  });
  it('under the cap, total_issues equals the issues listed', () => {
    const r = parseCasesCsv(HEADER + 'a,2,1,calibration\nb,0.5,3,evaluation\n', 'en');
    expect(!r.ok && r.total_issues).toBe(2);
    expect(!r.ok && r.issues.length).toBe(2);
  });
});
