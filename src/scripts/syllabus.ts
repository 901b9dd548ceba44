/**
 * The syllabus's assignment links: shown with this site's real origin (the build only knows its
 * configured one), and copied to the clipboard on request.
 */
document.querySelectorAll<HTMLElement>('[data-assign-path]').forEach((el) => {
  el.textContent = new URL(el.dataset.assignPath ?? '/', location.origin).href;
});
document.addEventListener('click', (ev) => {
  const btn = (ev.target as HTMLElement).closest<HTMLButtonElement>('[data-copy-path]');
  if (!btn) return;
  const url = new URL(btn.dataset.copyPath ?? '/', location.origin).href;
  const done = () => {
    const status = document.querySelector<HTMLElement>('[data-status]');
    if (status) status.textContent = btn.dataset.copied ?? '';
  };
  navigator.clipboard?.writeText(url).then(done, () => undefined);
});
