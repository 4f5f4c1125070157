import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProgressEvent } from '../../../domain/ideas/generate.ts';
import type { GeneratorSettings } from '../../../domain/ideas/settings-url.ts';
import { generateWithProgress, type GeneratedResult } from './generate-client.ts';

/** What the result panel shows: the answer, the settings it was made with and when it arrived. */
export interface GenerationResult {
  idea: GeneratedResult;
  settings: GeneratorSettings;
  /** ISO time the answer arrived (the response carries no date; the stored record's is the same moment). */
  receivedAt: string;
}

/** One generation: the island keeps only the latest (a new one replaces the previous result). */
export type Generation = { status: 'idle' } | { status: 'pending' } | { status: 'error'; error: Error } | { status: 'success'; result: GenerationResult };

/**
 * One generation at a time (docs/spec.md section 4: idle, pending, success or error), with the progress
 * events streamed while it is pending. A generation started while another is pending is ignored;
 * an answer that arrives after the island unmounted is dropped.
 */
export function useGeneration(onStart?: () => void) {
  const [generation, setGeneration] = useState<Generation>({ status: 'idle' });
  const [progress, setProgress] = useState<ProgressEvent[]>([]);
  const pending = useRef(false);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const generate = useCallback(
    (settings: GeneratorSettings) => {
      if (pending.current) return;
      pending.current = true;
      onStart?.();
      setProgress([]);
      setGeneration({ status: 'pending' });
      generateWithProgress(settings, (event) => live.current && setProgress((list) => [...list, event]))
        .then(
          (idea) => live.current && setGeneration({ status: 'success', result: { idea, settings, receivedAt: new Date().toISOString() } }),
          (error: unknown) => live.current && setGeneration({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) }),
        )
        .finally(() => {
          pending.current = false;
        });
    },
    [onStart],
  );

  return { generation, progress, generate, pending: generation.status === 'pending' };
}
