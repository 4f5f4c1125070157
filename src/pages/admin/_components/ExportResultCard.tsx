import { DOWNLOAD_TTL_SECONDS, formatMegabytes, type ExportResult } from '../../../domain/epub/result.ts';
import { primary } from './ui.ts';

/** The result card: success message, file name, size in MB and the download link. */
export function ExportResultCard({ id, result }: { id: string; result: ExportResult }) {
  const megabytes = formatMegabytes(result.fileSize);
  return (
    <section
      className="mt-6 rounded-xl border border-emerald-300 bg-emerald-50 p-5 dark:border-emerald-800 dark:bg-emerald-950"
      aria-labelledby={`${id}-result`}
    >
      <h2 id={`${id}-result`} className="font-semibold text-emerald-900 dark:text-emerald-100">
        EPUB ready
      </h2>
      <p role="status" className="mt-1 text-emerald-900 dark:text-emerald-100">
        EPUB generated successfully! {result.chaptersCount} chapters processed.
      </p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-800 dark:text-slate-200">
        <dt className="font-semibold">File name</dt>
        <dd className="font-mono break-all">{result.filename}</dd>
        <dt className="font-semibold">Size</dt>
        <dd>{megabytes}</dd>
      </dl>
      <a href={result.downloadUrl} download={result.filename} className={`${primary} mt-4`}>
        Download EPUB ({megabytes})
      </a>
      <p className="mt-2 text-xs text-slate-700 dark:text-slate-300">The download link is valid for {Math.round(DOWNLOAD_TTL_SECONDS / 60)} minutes.</p>
    </section>
  );
}
