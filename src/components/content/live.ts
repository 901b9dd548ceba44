/**
 * Live figures: when the lab on a chapter page recomputes (LabShell dispatches `evals-lab:result`
 * with the lab id and its scorecard), every <Value live> and <Formula> of that lab on the page is
 * redrawn with the learner's numbers. KaTeX is loaded only when a formula has to be redrawn. This
 * module itself loads on the first result (live-listen.ts), so a chapter page pays nothing at load.
 */
import { readPath } from '../../../labs/core/contract/paths.ts';
import { formatFigure } from '../../lib/format-figure.ts';

type Lang = 'es' | 'en';
interface FormulaSpec { lab: string; tex: string; values: Record<string, string>; digits: Record<string, number>; display: boolean }

let katexPromise: Promise<typeof import('katex')> | null = null;

function pageLang(): Lang {
  return document.documentElement.lang === 'en' ? 'en' : 'es';
}

/** Redraws the page's live figures and formulas of `lab` from its scorecard. */
export async function redraw(lab: string, result: unknown) {
  const lang = pageLang();
  for (const el of document.querySelectorAll<HTMLElement>(`[data-figure-lab="${CSS.escape(lab)}"]`)) {
    const v = readPath(result, el.dataset.figurePath ?? '');
    if (v === undefined) continue;
    el.textContent = formatFigure(v, lang, Number(el.dataset.figureDigits ?? 4), el.dataset.figureFormat === 'percent' ? 'percent' : undefined);
  }
  const formulas = [...document.querySelectorAll<HTMLElement>('[data-formula]')].filter((el) => {
    try {
      return (JSON.parse(el.dataset.formula ?? '{}') as FormulaSpec).lab === lab;
    } catch {
      return false;
    }
  });
  if (formulas.length === 0) return;
  katexPromise ??= import('katex');
  const katex = (await katexPromise).default;
  for (const el of formulas) {
    const spec = JSON.parse(el.dataset.formula!) as FormulaSpec;
    const filled: Record<string, string> = {};
    let complete = true;
    for (const [name, path] of Object.entries(spec.values)) {
      const v = readPath(result, path);
      if (v === undefined) complete = false;
      else filled[name] = formatFigure(v, lang, spec.digits[name] ?? 4);
    }
    if (!complete) continue;
    const tex = spec.tex.replace(/\\v\{([a-z0-9_]+)\}/gi, (_, n: string) => `\\htmlData{v=${n}}{${filled[n].replace(/,/g, '{,}')}}`);
    el.innerHTML = katex.renderToString(tex, { displayMode: spec.display, throwOnError: false, trust: (ctx) => ctx.command === '\\htmlData', strict: 'ignore', output: 'htmlAndMathml' });
    el.dataset.live = 'true';
  }
}
