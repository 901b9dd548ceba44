import { test, expect } from '@playwright/test';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import YAML from 'yaml';
import { openLab, replaceEditorText, editorText, exerciseHash, copyShareLink } from './helpers.ts';
import { PHONE, layoutProblems } from './phone.ts';
import { labMeta } from '../labs/manifest.ts';
import { optionOrder } from '../labs/core/contract/option_order.ts';

/** The course's exercises as their files say: lab, time and level (content/exercises/es). */
const EXERCISES = readdirSync('content/exercises/es').filter((f) => f.endsWith('.mdx')).map((f) => {
  const fm = YAML.parse(readFileSync(`content/exercises/es/${f}`, 'utf8').split(/^---$/m)[1]) as { lab: string; minutes: number; level: string };
  return { slug: f.replace(/\.mdx$/, ''), ...fm };
});

const POLICY = (rate: number) => JSON.stringify({
  positive_label: 'urgente', negative_label: 'normal', cost_false_positive: 2, cost_false_negative: 12, cost_review: 1.5,
  max_review_rate: rate, min_operational_recall: 0.9, threshold_grid: [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9], decision_owner: 'equipo-ia',
}, null, 2);

test.describe('exercises', () => {
  test('the index lists exercises in both languages, grouped by chapter with time and level', async ({ page }) => {
    await page.goto('/ejercicios/');
    // Nothing is completed in a new browser.
    await expect(page.locator('.done-badge').first()).toBeHidden();
    expect(await page.locator('.done-badge:visible').count()).toBe(0);
    // Each exercise sits under its lab's chapter, with its time and level.
    const listed = await page.locator('[data-exercise]').evaluateAll((els) => els.map((el) => ({
      slug: el.getAttribute('data-exercise'), group: el.closest('section')?.querySelector('h2')?.id, level: el.querySelector('[data-level]')?.getAttribute('data-level'), text: el.textContent,
    })));
    expect(listed.map((x) => x.slug).sort()).toEqual(EXERCISES.map((e) => e.slug).sort());
    for (const e of EXERCISES) {
      const x = listed.find((l) => l.slug === e.slug)!;
      expect([e.slug, x.group, x.level, x.text?.includes(`unos ${e.minutes} min`)]).toEqual([e.slug, `exg-${labMeta(e.lab)!.chapter}`, e.level, true]);
    }
    await expect(page.locator('[data-exercise="threshold-review-capacity"] a')).toHaveAttribute('href', '/ejercicios/threshold-review-capacity/');
    await page.getByTestId('lang-switch').click();
    await expect(page).toHaveURL(/\/en\/exercises\/$/);
    await expect(page.locator('[data-exercise="threshold-review-capacity"]')).toContainText('How much review');
  });

  test('a learner completes an exercise and downloads a receipt; the CLI verifies it, and fails it once an answer is edited', async ({ page }, info) => {
    const slug = 'threshold-review-capacity';
    const fm = YAML.parse(readFileSync(`content/exercises/en/${slug}.mdx`, 'utf8').split(/^---$/m)[1]) as { questions: { options: { correct: boolean; text: string }[] }[] };
    await page.goto(`/en/exercises/${slug}/`);
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'fail', { timeout: 120_000 });
    const panel = page.getByTestId('goal-panel');
    await expect(panel).toHaveAttribute('data-complete', 'false');
    // It names its chapter section by the section's own heading, with time and level.
    await expect(page.getByTestId('exercise-meta')).toContainText('Chapter section: Chapter 02: Two thresholds and the review zone · about 15 min ·');
    await expect(page.getByTestId('exercise-meta').getByRole('link')).toHaveAttribute('href', '/en/chapters/02-thresholds/#two-thresholds-and-the-review-zone');
    // The English exercise starts from the English data; only the review capacity is open.
    const policy = JSON.parse(readFileSync('labs/threshold/presets/threshold_policy.en.json', 'utf8'));
    expect(await editorText(page, 'editor-policy')).toContain('"urgent"');
    // Editing what the exercise keeps fixed is named.
    await replaceEditorText(page, 'editor-policy', JSON.stringify({ ...policy, max_review_rate: 0.084, cost_review: 1 }, null, 2));
    await expect(page.getByTestId('fixed-changes')).toContainText('You changed “policy” (edited cost_review), which this exercise keeps fixed.');
    await replaceEditorText(page, 'editor-policy', JSON.stringify({ ...policy, max_review_rate: 0.084 }, null, 2));
    await expect(page.getByTestId('fixed-ok')).toBeVisible();
    await expect(page.getByTestId('questions-needed')).toBeVisible();
    await expect(panel).toHaveAttribute('data-complete', 'false');
    // One committed answer per question; a wrong one is retried only after its hint.
    // The options are shown in the exercise's fixed shuffled order (not the definition's, whose first is the correct one).
    for (const [i, q] of fm.questions.entries()) {
      const box = page.getByTestId('question').nth(i);
      await expect(box.locator('label.option')).toHaveText(optionOrder(slug, i, q.options.length).map((k) => q.options[k].text));
      const option = (k: number) => box.getByRole('radio', { name: q.options[k].text, exact: true });
      const wrong = q.options.findIndex((o) => !o.correct);
      await option(wrong).check();
      await box.getByTestId('commit-answer').click();
      await expect(box.getByTestId('feedback')).toContainText('Not correct');
      await expect(box.getByTestId('commit-answer')).toBeDisabled();
      await box.getByTestId('show-q-hint').click();
      await expect(box.getByTestId('q-hint')).toBeVisible();
      await option(q.options.findIndex((o) => o.correct)).check();
      await box.getByTestId('commit-answer').click();
      await expect(box).toHaveAttribute('data-correct', 'true');
      await expect(box.getByTestId('tries')).toContainText('2 tries');
    }
    await expect(panel).toHaveAttribute('data-complete', 'true');
    await expect(page.getByTestId('hidden-goals')).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByTestId('download-receipt').click();
    const file = info.outputPath('receipt.json');
    await (await download).saveAs(file);
    const verify = (f: string) => spawnSync(process.execPath, ['labs/cli.ts', 'exercise', 'verify', f, '--lang', 'en'], { encoding: 'utf8' });
    const ok = verify(file);
    expect(ok.stdout).toMatch(/^valid: .*receipt\.json threshold-review-capacity v2 \(en\)/);
    expect(ok.status).toBe(0);
    // One byte of an answer edited: the receipt no longer verifies.
    const text = readFileSync(file, 'utf8');
    const at = text.indexOf('"text": "') + '"text": "'.length + 3;
    const edited = info.outputPath('edited.json');
    writeFileSync(edited, text.slice(0, at) + (text[at] === 'x' ? 'y' : 'x') + text.slice(at + 1));
    const bad = verify(edited);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/^INVALID: .*edited\.json.*question 1 is not an option/);

    // The syllabus shows the completion, with the exercise's time and level, and verifies the same receipts.
    const syllabus = await page.context().newPage();
    await syllabus.goto('/en/syllabus/');
    const row = syllabus.locator(`#ex-${slug}`);
    await expect(row.locator('.progress-badge')).toBeVisible();
    const own = EXERCISES.find((e) => e.slug === slug)!;
    await expect(row).toContainText(`about ${own.minutes} min`);
    await expect(row.locator('[data-level]')).toHaveAttribute('data-level', own.level);
    // What a receipt proves and what it does not, tries included.
    await expect(syllabus.getByTestId('receipts-proves')).toContainText('What it does not prove: who did it');
    await expect(syllabus.getByTestId('receipts-proves')).toContainText('The tries and the times are what the learner’s browser recorded');
    await syllabus.getByTestId('receipt-input').setInputFiles([file, edited]);
    const rows = syllabus.getByTestId('receipt-table').locator('tbody tr');
    await expect(rows).toHaveCount(2, { timeout: 60_000 });
    await expect(rows.nth(0)).toHaveAttribute('data-valid', 'true');
    await expect(rows.nth(1)).toHaveAttribute('data-valid', 'false');
    await expect(rows.nth(1)).toContainText('question 1 is not an option');

    // Breaking the goal afterwards withdraws the completion, and its badge goes.
    await replaceEditorText(page, 'editor-policy', JSON.stringify({ ...policy, max_review_rate: 0.1 }, null, 2));
    await expect(panel).toHaveAttribute('data-complete', 'false');
    await expect(page.getByTestId('completed-on')).toContainText('Completion withdrawn');
    await syllabus.reload();
    await expect(row).toBeVisible();
    await expect(row.locator('.progress-badge')).toBeHidden();
    await syllabus.close();
  });

  test('the builder fits a phone (360 px) and a desktop (1280 px): nothing sticks out, no table is wider than its card', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await openLab(page, '/laboratorios/threshold/');
    await page.getByTestId('create-exercise').click();
    const builder = page.getByTestId('exercise-builder');
    // A goal's controls open, the kept-fixed boxes named in Spanish, and every raw path listed.
    await builder.locator('li[data-path="recommended_policy.metrics.cost"]').getByRole('checkbox').first().check();
    await expect(builder.getByTestId('builder-fixed')).toContainText('Mantener fija la entrada «política»');
    await builder.getByTestId('builder-advanced').check();
    await expect(builder.getByTestId('builder-raw')).toBeVisible();
    const phone = await layoutProblems(page);
    expect(phone.sticking, 'elements sticking out at 360 px').toEqual([]);
    expect(phone.width).toBeLessThanOrEqual(PHONE.width);

    await page.setViewportSize({ width: 1280, height: 800 });
    const wide = await page.evaluate(() => {
      const out: string[] = [];
      const card = (el: Element) => el.closest('.lab-panel, .exercise-builder, section') ?? document.body;
      for (const t of document.querySelectorAll('table')) {
        const b = t.getBoundingClientRect();
        if (b.width === 0) continue;
        const c = card(t).getBoundingClientRect();
        if (b.width > c.width + 0.5) out.push(`table ${t.getAttribute('data-testid') ?? ''}: ${Math.round(b.width)} > ${Math.round(c.width)}`);
      }
      // Nothing in the builder runs past its right edge or is cut off in its line.
      const box = document.querySelector('[data-testid="exercise-builder"]')!.getBoundingClientRect();
      for (const el of document.querySelectorAll('[data-testid="exercise-builder"] li, [data-testid="exercise-builder"] label, [data-testid="exercise-builder"] fieldset')) {
        const b = el.getBoundingClientRect();
        if (b.width > 0 && b.right > box.right + 0.5) out.push(`${el.tagName.toLowerCase()} ${el.getAttribute('data-path') ?? ''} right ${Math.round(b.right)} > ${Math.round(box.right)}`);
        if (el.tagName === 'LI' && el.scrollWidth > el.clientWidth + 1) out.push(`li ${el.getAttribute('data-path') ?? ''} cut off: ${el.scrollWidth} > ${el.clientWidth}`);
      }
      return { out: out.slice(0, 10), scroll: document.documentElement.scrollWidth };
    });
    expect(wide.out).toEqual([]);
    expect(wide.scroll).toBeLessThanOrEqual(1280);
  });

  test('an instructor builds an exercise link from a lab state; its receipt verifies under the id the builder shows; a tampered link is rejected', async ({ page, browser }, info) => {
    await openLab(page, '/en/labs/threshold/');
    await page.getByTestId('create-exercise').click();
    const builder = page.getByTestId('exercise-builder');
    // Named results, labelled in the page's language and searchable; raw paths only behind "advanced".
    await expect(builder.getByTestId('builder-raw')).toHaveCount(0);
    await builder.getByTestId('builder-filter').fill('cost of the recommended');
    const row = builder.locator('li[data-path="recommended_policy.metrics.cost"]');
    await expect(row).toContainText('Cost of the recommended pair');
    await row.getByRole('checkbox').first().check();
    await row.getByRole('combobox').selectOption('<=');
    await row.locator('input[type=text]').first().fill('8');
    await builder.getByTestId('builder-title').fill('Cheaper than 8');
    await builder.getByTestId('builder-summary').fill('Make the recommended pair cost at most 8.');
    await builder.getByTestId('builder-instructions').fill('Lower one of the costs.\n\nDo not touch the cases.');
    await builder.getByTestId('builder-solution').fill('Lower cost_review to 1.');
    // A question with its hint, and a progressive hint.
    await builder.getByTestId('builder-questions').fill('? Which cost moved the pair?\n* The cost of a review | Right.\n- The cost of a false positive | It did not change.\n! Compare the policy with the chapter\'s.');
    await builder.getByTestId('builder-hints').fill('Look at the policy\'s costs.');
    // The policy is what the learner changes; the cases stay fixed.
    await builder.getByTestId('builder-fixed').locator('input[data-input="policy"]').uncheck();
    await builder.getByTestId('builder-make').click();
    const url = await builder.getByTestId('builder-link').inputValue();
    expect(url).toContain('/en/exercises/link/#exercise=');
    // The id its receipts will carry, shown to the instructor.
    const receiptId = await builder.getByTestId('builder-receipt-id').getAttribute('data-id');
    expect(receiptId).toMatch(/^link-[0-9a-f]{12}$/);

    const ctx = await browser.newContext();
    const learner = await ctx.newPage();
    await learner.goto(url);
    await expect(learner.getByRole('heading', { name: 'Instructions' })).toBeVisible();
    await expect(learner.getByTestId('exercise-title')).toHaveText('Cheaper than 8');
    await expect(learner).toHaveTitle(/Cheaper than 8/);
    await expect(learner.getByText('Do not touch the cases.')).toBeVisible();
    await expect(learner.getByTestId('goal')).toHaveCount(1);
    await expect(learner.getByTestId('goal-panel')).toHaveAttribute('data-complete', 'false');
    await replaceEditorText(learner, 'editor-policy', POLICY(0.35).replace('"cost_review": 1.5', '"cost_review": 1'));
    // The goal is met, but the instructor's question must be answered first: wrong, its hint, then right.
    await expect(learner.getByTestId('questions-needed')).toBeVisible();
    await expect(learner.getByTestId('goal-panel')).toHaveAttribute('data-complete', 'false');
    const q = learner.getByTestId('question');
    await q.getByRole('radio', { name: 'The cost of a false positive', exact: true }).check();
    await q.getByTestId('commit-answer').click();
    await q.getByTestId('show-q-hint').click();
    await expect(q.getByTestId('q-hint')).toContainText('Compare the policy with the chapter');
    await q.getByRole('radio', { name: 'The cost of a review', exact: true }).check();
    await q.getByTestId('commit-answer').click();
    await expect(learner.getByTestId('goal-panel')).toHaveAttribute('data-complete', 'true');
    // The link's exercise yields a receipt like a course exercise: the CLI verifies it, under the id the builder showed.
    const download = learner.waitForEvent('download');
    await learner.getByTestId('download-receipt').click();
    const file = info.outputPath('link-receipt.json');
    await (await download).saveAs(file);
    const ok = spawnSync(process.execPath, ['labs/cli.ts', 'exercise', 'verify', file, '--lang', 'en'], { encoding: 'utf8' });
    expect(ok.stdout).toMatch(new RegExp(`^valid: .*link-receipt\\.json ${receiptId} v1 \\(en\\), .*, 2 tries`));
    expect(ok.status).toBe(0);
    // Sharing the lab from inside the exercise keeps the exercise in the link.
    const shared = await copyShareLink(learner);
    expect(shared).toMatch(/#exercise=[^&]+&state=/);
    const other = await ctx.newPage();
    await other.goto(shared);
    await expect(other.getByTestId('exercise-title')).toHaveText('Cheaper than 8');
    await expect(other.getByTestId('goal-panel')).toHaveAttribute('data-complete', 'true');
    await other.close();
    // The language switch keeps the exercise (it travels after '#').
    await learner.getByTestId('lang-switch').click();
    await expect(learner).toHaveURL(/\/ejercicios\/enlace\/#exercise=/);
    await expect(learner.getByTestId('exercise-title')).toHaveText('Cheaper than 8');
    await expect(learner.getByText('This exercise is written in English.')).toBeVisible();

    const bad = await ctx.newPage();
    await bad.goto(url.slice(0, -12) + 'AAAAAAAAAAAA');
    await expect(bad.getByTestId('exercise-invalid')).toBeVisible();
    // Editing characters in the middle of the payload (it may still decompress) breaks its check.
    const hashAt = url.indexOf('#exercise=') + '#exercise='.length;
    const mid = hashAt + Math.floor((url.lastIndexOf('.') - hashAt) / 2);
    const edited = url.slice(0, mid) + (url[mid] === 'A' ? 'B' : 'A') + url.slice(mid + 1);
    await bad.goto(edited);
    await expect(bad.getByTestId('exercise-invalid')).toBeVisible();
    const forged = { v: 1, lang: 'en', lab: 'threshold', title: 't', summary: 's', solution: 'x', start: { texts: { cases: { preset: '../../../package.json' } } }, goals: [{ path: 'decision.verdict', op: '==', value: 'pass', label: 'x' }] };
    await bad.goto(`/en/exercises/link/${exerciseHash(forged)}`);
    await expect(bad.getByTestId('exercise-invalid')).toBeVisible();
    await ctx.close();
  });
});
