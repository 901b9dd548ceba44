/**
 * What a learner waits for, measured in the browser on the built site (Chromium), issue 18 "Speed":
 *   - edit -> summary: a keystroke in a lab's input editor until the lab announces its fresh result
 *     (the `evals-lab:result` event, dispatched in the commit that puts the new result in the
 *     summary) and the next frame is drawn. Each edit adds or removes a trailing space: the text
 *     changes, so the whole parse + run + select + render path runs, nothing memoized away. On each
 *     lab's preset, and at 10^4 cases (gate, threshold, rag, evaluators, calibration: synthetic data
 *     from bench/*.bench.ts, imported through the inputs' file buttons as a learner would);
 *   - control -> redraw: a slider step (threshold) or a view select (calibration calibrator) until
 *     the fresh result is drawn (heavy part memoized: only select + render);
 *   - the longest main-thread task (PerformanceObserver 'longtask', tasks over 50 ms only: 0 means
 *     none) during each edit, and while the calibration lab recomputes 10^5 cases after a bins change.
 * Every row: median, p95, max and n. Writes bench/results/browser.json and prints one table. The
 * targets of issue 18 are shown beside each row; they are reported, not asserted.
 * BENCH_ONLY=<substring> runs only the tests whose title contains it; BENCH_OUT=<file> writes there
 * (e.g. to compare two builds served side by side under the same load).
 */
import { test, type Page } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { openLab } from '../../e2e/helpers.ts';
import { LARGE, calibrationCsv, loadTexts } from './synthetic.ts';

interface Row { what: string; lab: string; samples: number; p50: number; p95: number; max: number; target: string }
const rows: Row[] = [];
const EDITS = Number(process.env.BENCH_EDITS ?? 30);
const EDITS_LARGE = Number(process.env.BENCH_EDITS_LARGE ?? 20);
const ONLY = process.env.BENCH_ONLY ?? '';

function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (pos - lo);
}

function record(what: string, lab: string, xs: number[], target: string) {
  rows.push({ what, lab, samples: xs.length, p50: quantile(xs, 0.5), p95: quantile(xs, 0.95), max: Math.max(...xs), target });
}

type W = { __lat: number[]; __long: number[]; __t0: number; __maxLong: number; __results: number };

/**
 * Installs the timers: keydown / change start a measurement, the lab's result event (then a frame)
 * ends it; the longest 'longtask' entry that starts inside the window is kept beside it.
 */
async function instrument(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as W;
    w.__lat = [];
    w.__long = [];
    w.__t0 = 0;
    w.__maxLong = 0;
    const start = () => {
      if (!w.__t0) {
        w.__t0 = performance.now();
        w.__maxLong = 0;
      }
    };
    document.addEventListener('keydown', start, true);
    document.addEventListener('change', start, true);
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (w.__t0 && e.startTime + e.duration >= w.__t0) w.__maxLong = Math.max(w.__maxLong, e.duration);
    }).observe({ type: 'longtask' });
    window.addEventListener('evals-lab:result', () => {
      if (!w.__t0) return;
      const t0 = w.__t0;
      requestAnimationFrame(() => {
        w.__lat.push(performance.now() - t0);
        // long tasks are reported after they end: give the observer the frame's tail
        setTimeout(() => {
          w.__long.push(w.__maxLong);
          w.__t0 = 0;
        }, 0);
      });
    });
  });
}

async function samples(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as W).__long.length);
}

async function measure(page: Page, n: number, act: (i: number) => Promise<void>, settleMs = 200): Promise<{ lat: number[]; long: number[] }> {
  for (let i = 0; i < n; i++) {
    const before = await samples(page);
    await act(i);
    await page.waitForFunction((b) => (window as unknown as W).__long.length > b, before, { timeout: 60_000 });
    await page.waitForTimeout(settleMs); // leave the burst window: each edit is an isolated one
  }
  return page.evaluate(() => ({ lat: (window as unknown as W).__lat.slice(), long: (window as unknown as W).__long.slice() }));
}

const LABS = [
  { id: 'gate', url: '/laboratorios/gate/', editor: 'editor-policy' },
  { id: 'threshold', url: '/laboratorios/threshold/', editor: 'editor-policy' },
  { id: 'rag', url: '/laboratorios/rag/', editor: 'editor-policy' },
  { id: 'evaluators', url: '/laboratorios/evaluators/', editor: 'editor-rubric' },
  { id: 'trace', url: '/laboratorios/trace/', editor: 'editor-policy' },
  { id: 'calibration', url: '/laboratorios/calibration/', editor: 'editor-policy' },
  { id: 'rubric', url: '/laboratorios/rubric/', editor: 'editor-rubric' },
];

const N_LARGE = 10_000;

async function editBench(page: Page, labId: string, editor: string, n: number, size: string) {
  await instrument(page);
  const ed = page.getByTestId(editor);
  await ed.click();
  await page.keyboard.press('ControlOrMeta+End');
  // alternate adding and removing a trailing space: the text changes on every edit
  const { lat, long } = await measure(page, n, (i) => page.keyboard.press(i % 2 === 0 ? 'Space' : 'Backspace'));
  record(`edit -> summary (${size})`, labId, lat, size === 'preset' ? 'p95 <= 50 ms' : 'p95 <= 150 ms');
  record(`  longest task during it (${size})`, labId, long, '<= 50 ms');
}

for (const lab of LABS) {
  test(`edit -> summary: ${lab.id} preset`, async ({ page }) => {
    test.skip(!`edit -> summary: ${lab.id} preset`.includes(ONLY));
    await openLab(page, lab.url);
    await page.waitForTimeout(500);
    await editBench(page, lab.id, lab.editor, EDITS, 'preset');
  });
}

for (const lab of LABS.filter((l) => LARGE[l.id])) {
  test(`edit -> summary: ${lab.id} 10^4`, async ({ page }) => {
    test.skip(!`edit -> summary: ${lab.id} 10^4`.includes(ONLY));
    await openLab(page, lab.url);
    await loadTexts(page, lab.id, LARGE[lab.id](N_LARGE));
    await editBench(page, lab.id, lab.editor, EDITS_LARGE, '10^4');
  });
}

test('control -> redraw: threshold slider', async ({ page }) => {
  test.skip(!'control -> redraw: threshold slider'.includes(ONLY));
  await openLab(page, '/laboratorios/threshold/');
  await instrument(page);
  await page.getByTestId('slider-low').focus();
  const { lat, long } = await measure(page, EDITS, (i) => page.keyboard.press(i % 2 === 0 ? 'ArrowRight' : 'ArrowLeft'));
  record('control -> redraw (slider)', 'threshold', lat, 'p95 <= 16 ms');
  record('  longest task during it', 'threshold', long, '<= 50 ms');
});

test('control -> redraw: calibration calibrator', async ({ page }) => {
  test.skip(!'control -> redraw: calibration calibrator'.includes(ONLY));
  await openLab(page, '/laboratorios/calibration/');
  await instrument(page);
  const options = ['platt', 'isotonic', 'temperature', 'histogram_laplace'];
  const { lat, long } = await measure(page, EDITS, (i) => page.getByTestId('calibrator-select').selectOption(options[(i + 1) % options.length]).then(() => undefined));
  record('control -> redraw (select)', 'calibration', lat, 'p95 <= 16 ms');
  record('  longest task during it', 'calibration', long, '<= 50 ms');
});

test('longest main-thread task: calibration recompute at 10^5 cases', async ({ page }) => {
  test.skip(!'longest main-thread task: calibration recompute at 10^5 cases'.includes(ONLY));
  await openLab(page, '/laboratorios/calibration/');
  await loadTexts(page, 'calibration', { cases: calibrationCsv(100_000) });
  await instrument(page);
  const bins = [10, 15, 20];
  const { lat, long } = await measure(page, bins.length, (i) => page.getByTestId('bins-select').selectOption(String(bins[i])).then(() => undefined), 500);
  record('bins change -> redraw at 10^5 (heavy rerun)', 'calibration', lat, 'page stays responsive');
  record('  longest task during it (10^5)', 'calibration', long, '<= 50 ms');
});

test.afterAll(() => {
  mkdirSync('bench/results', { recursive: true });
  const file = process.env.BENCH_OUT ?? 'bench/results/browser.json';
  // BENCH_ONLY runs add their rows to the last full run's file instead of replacing it
  const old: Row[] = ONLY && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { rows: Row[] }).rows : [];
  const merged = [...old.filter((o) => !rows.some((r) => r.what === o.what && r.lab === o.lab)), ...rows];
  writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), rows: merged }, null, 1));
  const f = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '-').padStart(8);
  const lines = [
    `${'measurement'.padEnd(46)}${'lab'.padEnd(13)}${'n'.padStart(4)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'max ms'.padStart(8)}  target`,
    ...rows.map((r) => `${r.what.padEnd(46)}${r.lab.padEnd(13)}${String(r.samples).padStart(4)}${f(r.p50)}${f(r.p95)}${f(r.max)}  ${r.target}`),
  ];
  console.log(`\n${lines.join('\n')}\n`);
});
