import { useEffect, useState } from 'react';
import { ideaUrl } from '../../domain/ideas/share.ts';

/** How long "Link copied" stays on the button. */
const CONFIRM_MS = 2000;

/**
 * "Copy link": puts the idea's address on the clipboard and says so, on the button and to screen
 * readers (a polite live region).
 */
export function CopyLinkButton({ id, title, className }: { id: string; title: string; className: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () => {
    navigator.clipboard.writeText(ideaUrl(window.location.origin, id)).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <>
      <button type="button" onClick={copy} aria-label={`Copy link to ${title}`} className={className}>
        {state === 'copied' ? 'Link copied' : state === 'failed' ? 'Copy failed' : 'Copy link'}
      </button>
      <span role="status" className="sr-only">
        {state === 'copied' ? `Link to ${title} copied` : state === 'failed' ? 'The link could not be copied' : ''}
      </span>
    </>
  );
}

/** The phone's share sheet (Web Share API), offered only where the browser has one. */
export function ShareSheetButton({ id, title, summary, className }: { id: string; title: string; summary: string; className: string }) {
  const [available, setAvailable] = useState(false);
  useEffect(() => setAvailable(typeof navigator.share === 'function'), []);
  if (!available) return null;
  const share = () => {
    navigator.share({ title, text: summary, url: ideaUrl(window.location.origin, id) }).catch(() => {
      // Closed or refused by the reader: nothing to report.
    });
  };
  return (
    <button type="button" onClick={share} className={className}>
      Share…
    </button>
  );
}
