import { readPosition } from './reading-state.ts';

/**
 * The landing page offers a returning reader "Continue Chapter N": the link opens that chapter,
 * and the reader restores the position inside it (reading-state.ts). "Read Book" then opens
 * the first chapter (plain /book would resume too).
 */
export function initContinueReading(): void {
  const link = document.querySelector<HTMLAnchorElement>('[data-continue]');
  const position = readPosition();
  if (!link || !position) return;
  link.href = `/book/${position.id}`;
  link.textContent = `Continue ${position.title}`;
  link.hidden = false;
  const start = document.querySelector<HTMLAnchorElement>('a[data-start]');
  if (start?.dataset['start']) start.href = start.dataset['start'];
}
