/** Listens for the lab's results on a chapter page and loads the live-figure code on the first one (live.ts). */
window.addEventListener('evals-lab:result', (e) => {
  const d = (e as CustomEvent<{ lab: string; result: unknown }>).detail;
  if (d && typeof d.lab === 'string') void import('./live.ts').then((m) => m.redraw(d.lab, d.result));
});
