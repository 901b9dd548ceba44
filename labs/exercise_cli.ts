/**
 * `npm run --silent lab -- exercise verify r1.json [r2.json ...] [--lang es|en]`: verifies exercise
 * receipts (labs/core/contract/receipt.ts) with the same engine as the page. Prints one line per
 * receipt (valid, or invalid and why), then a CSV summary (one row per receipt). Returns the exit
 * code: 0 when every receipt is valid, 1 when any is invalid or unreadable, 2 on bad usage.
 */
import { readInputFile } from './cli_io.ts';
import type { Lang } from './core/contract/types.ts';
import { exerciseMsg } from './core/contract/exercise_messages.ts';
import { verificationCsv, verificationLine, verifyReceiptText, type Verification } from './core/contract/receipt.ts';
import { nodeVerifyHost } from './exercise_host.ts';
import { writeChunks } from './cli_io.ts';

export async function exerciseCommand(argv: string[], lang: Lang): Promise<number> {
  const t = exerciseMsg(lang).receipt;
  const args = argv.filter((a, i) => a !== '--lang' && argv[i - 1] !== '--lang');
  if (args[0] !== 'verify' || args.length < 2) {
    process.stderr.write(`${t.usage}\n`);
    return 2;
  }
  const host = nodeVerifyHost();
  const rows: { file: string; v: Verification }[] = [];
  for (const file of args.slice(1)) {
    const read = readInputFile(file, lang);
    let v: Verification;
    if (!read.ok) v = { valid: false, id: '', version: null, lang: null, completed_at: null, tries: null, reasons: [t.read_error(read.message)] };
    else v = await verifyReceiptText(read.text, host, lang);
    rows.push({ file, v });
  }
  await writeChunks(process.stdout, [rows.map((r) => verificationLine(r.file, r.v, lang)).join('\n'), '\n\n', verificationCsv(rows, lang)]);
  return rows.every((r) => r.v.valid) ? 0 : 1;
}
