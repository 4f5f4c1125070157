import { readPosition } from './reading-state.ts';

/**
 * The landing page offers a returning reader "Continue Chapter N": the link opens that chapter,
 * and the reader restores the position inside it (reading-state.ts).
 */
export function initContinueReading(): void {
  const link = document.querySelector<HTMLAnchorElement>('[data-continue]');
  const position = readPosition();
  if (!link || !position) return;
  link.href = `/book/${position.id}`;
  link.textContent = `Continue ${position.title}`;
  link.hidden = false;
}
