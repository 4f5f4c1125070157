import type { Resource } from '../../../domain/book/schema.ts';

const TYPE_LABEL: Record<Resource['type'], string> = { website: 'Website', tool: 'Tool', documentation: 'Documentation' };

/** The Resources tab: title, type label and a Visit button opening the link in a new window. */
export function Resources({ resources }: { resources: Resource[] }) {
  if (resources.length === 0) {
    return <p className="py-12 text-center text-slate-600 dark:text-slate-300">No additional resources available for this chapter</p>;
  }
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
      {resources.map((r) => (
        <li key={r.url} className="flex flex-wrap items-center justify-between gap-3 p-4">
          <div className="min-w-0">
            <p className="font-medium text-slate-900 dark:text-white">{r.title}</p>
            <span className="mt-1 inline-block rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              {TYPE_LABEL[r.type]}
            </span>
          </div>
          <a
            href={r.url}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
          >
            Visit<span className="sr-only"> {r.title} (opens in a new window)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
