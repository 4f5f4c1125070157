import type { ChapterIndexEntry } from '../../../domain/book/reader.ts';
import { progressPercent, progressText } from '../../../domain/book/reader.ts';
import type { Heading } from '../../../domain/book/render.ts';
import { CopyButton } from './CopyButton.tsx';

interface Props {
  chapters: ChapterIndexEntry[];
  index: number;
  headings: Heading[];
  supportAddress: string;
  qrSrc: string;
  onPrevious?: (() => void) | undefined;
  onNext?: (() => void) | undefined;
}

const navButton =
  'flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:bg-transparent dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800';

/** Progress, Previous/Next Chapter, the chapter's table of contents and the tip box. */
export function Sidebar({ chapters, index, headings, supportAddress, qrSrc, onPrevious, onNext }: Props) {
  const percent = progressPercent(index, chapters.length);
  return (
    <div className="space-y-6" data-pagefind-ignore>
      <section aria-labelledby="progress-heading" className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <h2 id="progress-heading" className="text-base font-semibold text-slate-900 dark:text-white">
          Reading Progress
        </h2>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300" data-testid="progress-text">
          {progressText(index, chapters.length)}
        </p>
        <div
          role="progressbar"
          aria-label="Reading progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
        >
          <div className="h-full rounded-full bg-brand-600 dark:bg-brand-400" style={{ width: `${percent}%` }} />
        </div>
        <div className="mt-4 flex gap-2">
          <button type="button" className={navButton} disabled={!onPrevious} onClick={onPrevious} aria-keyshortcuts="ArrowLeft">
            Previous Chapter
          </button>
          <button type="button" className={navButton} disabled={!onNext} onClick={onNext} aria-keyshortcuts="ArrowRight">
            Next Chapter
          </button>
        </div>
      </section>

      {headings.length > 0 && (
        <nav aria-labelledby="toc-heading" className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
          <h2 id="toc-heading" className="text-base font-semibold text-slate-900 dark:text-white">
            On this page
          </h2>
          <ol className="mt-2 space-y-1 text-sm">
            {headings.map((h) => (
              <li key={h.slug} className={h.depth === 3 ? 'pl-4' : ''}>
                <a href={`#${h.slug}`} className="text-slate-700 hover:text-brand-700 hover:underline dark:text-slate-300 dark:hover:text-brand-300">
                  {h.text}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      )}

      <section aria-labelledby="tip-heading" className="rounded-xl border border-gold-500/60 bg-amber-50 p-4 dark:border-gold-500/40 dark:bg-slate-900">
        <h2 id="tip-heading" className="text-base font-semibold text-slate-900 dark:text-white">
          Support the Book
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Enjoying the book? Send a BSV tip to this address.</p>
        <img src={qrSrc} alt="QR code of the BSV tip address" width={160} height={160} className="mx-auto mt-3 rounded bg-white p-1" />
        <p className="mt-3 font-mono text-xs break-all text-slate-800 dark:text-slate-200">{supportAddress}</p>
        <CopyButton text={supportAddress} label="Copy Address" className="mt-2" />
      </section>
    </div>
  );
}
