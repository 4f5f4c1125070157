import { lazy, Suspense, useRef, useState } from 'react';

const loadDialog = () => import('./AssistantDialog.tsx');
const AssistantDialog = lazy(loadDialog);

interface Props {
  name: string;
  url: string;
  credit: string;
}

/**
 * 'Ask BitGenius AI': the button is part of the first paint; the dialog (and Radix) is fetched
 * when the pointer or focus reaches the button, or at the latest when it is pressed.
 */
export function AssistantButton({ name, url, credit }: Props) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const preload = () => void loadDialog().catch(() => undefined);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
        className="inline-flex items-center gap-2 rounded-lg border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 dark:border-brand-400 dark:text-brand-200 dark:hover:bg-slate-800"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
        </svg>
        Ask {name}
      </button>
      {requested && (
        <Suspense fallback={null}>
          <AssistantDialog name={name} url={url} credit={credit} open={open} onOpenChange={setOpen} returnFocus={button} />
        </Suspense>
      )}
    </>
  );
}
