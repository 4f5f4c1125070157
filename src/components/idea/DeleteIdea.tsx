import { useEffect, useRef, useState } from 'react';
import { ApiError, apiDelete } from '../../lib/api.ts';
import { buttonClass } from './ui.tsx';

/**
 * The owner's Delete, with an inline confirmation (the idea, its place in every list and its share
 * card go for good). Used on the idea page and on the cards of "Your Ideas".
 */
export function DeleteIdea({ id, title, onDeleted, compact = false }: { id: string; title: string; onDeleted: () => void; compact?: boolean }) {
  const [step, setStep] = useState<'idle' | 'confirm' | 'busy'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const confirmRef = useRef<HTMLDivElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  // Focus follows the question: into the confirmation when it opens, back to Delete on Cancel.
  const returnFocus = useRef(false);
  useEffect(() => {
    if (step === 'confirm' && failure === null) confirmRef.current?.focus();
    if (step === 'idle' && returnFocus.current) {
      returnFocus.current = false;
      deleteRef.current?.focus();
    }
  }, [step, failure]);
  const small = compact ? ' px-3 py-1.5' : '';
  if (step === 'idle')
    return (
      <button
        ref={deleteRef}
        type="button"
        className={`${buttonClass('danger')}${small}`}
        aria-label={compact ? `Delete ${title}` : undefined}
        onClick={() => setStep('confirm')}
      >
        Delete
      </button>
    );
  const remove = () => {
    setStep('busy');
    setFailure(null);
    apiDelete(`/api/idea/${encodeURIComponent(id)}`).then(onDeleted, (e: unknown) => {
      setStep('confirm');
      setFailure(e instanceof ApiError ? `${e.status}: ${e.serverMessage ?? e.message}` : 'Please check your connection and try again.');
    });
  };
  return (
    <div
      ref={confirmRef}
      tabIndex={-1}
      role="group"
      aria-label="Confirm deletion"
      // Escape cancels, as it would a dialog; focus goes back to Delete.
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || step === 'busy') return;
        event.preventDefault();
        returnFocus.current = true;
        setStep('idle');
      }}
      className="flex basis-full flex-wrap items-center gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
    >
      <span>Delete this idea for good? Its link will stop working.</span>
      <button type="button" className={`${buttonClass('danger')} px-3 py-1.5`} disabled={step === 'busy'} onClick={remove}>
        {step === 'busy' ? 'Deleting...' : 'Yes, delete it'}
      </button>
      <button
        type="button"
        className={`${buttonClass('secondary')} px-3 py-1.5`}
        disabled={step === 'busy'}
        onClick={() => {
          returnFocus.current = true;
          setStep('idle');
        }}
      >
        Cancel
      </button>
      {failure && (
        <span role="alert" className="basis-full">
          {failure}
        </span>
      )}
    </div>
  );
}
