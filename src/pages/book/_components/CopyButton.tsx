import { useEffect, useRef, useState } from 'react';

/** How long 'Copied!' stays on the button (SPEC.md section 9). */
export const COPIED_MS = 2000;

interface Props {
  text: string;
  label?: string;
  /** Accessible name when the visible label alone is ambiguous. */
  ariaLabel?: string;
  className?: string;
}

/** Copies `text` to the clipboard; the label reads 'Copied!' for two seconds, then reverts. */
export function CopyButton({ text, label = 'Copy', ariaLabel, className = '' }: Props) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch (error) {
      console.warn('Copy to clipboard failed', error);
      setState('failed');
    }
    timer.current = setTimeout(() => setState('idle'), COPIED_MS);
  };

  return (
    <>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={state === 'idle' ? ariaLabel : undefined}
        className={`inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700 ${className}`}
      >
        {state === 'copied' ? 'Copied!' : state === 'failed' ? 'Copy failed' : label}
      </button>
      <span className="sr-only" aria-live="polite">
        {state === 'copied' ? 'Copied to the clipboard' : ''}
      </span>
    </>
  );
}
