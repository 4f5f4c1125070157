import { useEffect, useState, type ReactNode } from 'react';

/**
 * The small building blocks the idea views share (the idea page, the generator result, the idea
 * cards): one card, one list, one label/value list, one button style.
 */

type Level = 2 | 3 | 4;

/**
 * A titled section; `level` is its heading level (the page's outline decides it). On a phone a
 * section is not a card in a card: it takes the screen's width, set apart by a rule. A
 * `collapsible` section is a disclosure that a phone shows closed (open in the served HTML, so
 * nothing is hidden without JavaScript), so the summary comes first and the rest is a tap away.
 */
export function Card({
  id,
  title,
  level = 2,
  collapsible = false,
  children,
}: {
  id: string;
  title: string;
  level?: Level;
  collapsible?: boolean;
  children: ReactNode;
}) {
  const H = `h${level}` as const;
  const phone = usePhone();
  const [open, setOpen] = useState(true);
  useEffect(() => setOpen(!phone), [phone]);
  const frame =
    'border-t border-slate-200 pt-5 text-slate-700 sm:rounded-xl sm:border sm:bg-white sm:p-6 sm:shadow-sm dark:border-slate-800 dark:text-slate-300 sm:dark:bg-slate-900';
  if (!collapsible)
    return (
      <section aria-labelledby={id} className={frame}>
        <H id={id} className="mb-3 text-xl font-bold text-slate-900 dark:text-white">
          {title}
        </H>
        {children}
      </section>
    );
  return (
    <section aria-labelledby={id} className={frame}>
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)} className="group" data-collapsible>
        <summary className="flex cursor-pointer list-none items-center justify-between gap-3 [&::-webkit-details-marker]:hidden">
          <H id={id} className="text-xl font-bold text-slate-900 dark:text-white">
            {title}
          </H>
          <span aria-hidden="true" className="text-slate-500 transition-transform group-open:rotate-180 dark:text-slate-400">
            ▾
          </span>
        </summary>
        <div className="mt-3">{children}</div>
      </details>
    </section>
  );
}

/** Below Tailwind's `sm` (640 px): a phone. False on the server and the first render. */
function usePhone(): boolean {
  const [phone, setPhone] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(max-width: 639.98px)');
    setPhone(query.matches);
    const change = () => setPhone(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return phone;
}

/** A sub-heading inside a card, one level below it. */
export function Sub({ title, level = 3, children }: { title: string; level?: Level; children: ReactNode }) {
  const H = `h${level}` as const;
  return (
    <div>
      <H className="mb-1 font-semibold text-slate-900 dark:text-white">{title}</H>
      {typeof children === 'string' ? <p>{children}</p> : children}
    </div>
  );
}

export function List({ items }: { items: string[] }) {
  return (
    <ul className="mt-1 list-disc space-y-1 pl-5">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

export function Pairs({ items }: { items: { label: string; value: string }[] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
      {items.map((item, i) => (
        <div key={`${i}-${item.label}`} className="contents">
          <dt className="font-medium text-slate-900 dark:text-white">{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

const BUTTON = {
  primary: 'rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70',
  secondary:
    'rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-70 dark:border-slate-600 dark:text-white dark:hover:bg-slate-800',
  danger:
    'rounded-lg border border-red-300 px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-70 dark:border-red-800 dark:text-red-200 dark:hover:bg-red-950',
} as const;

/** The class names of the site's buttons (for `<button>` and for links styled as buttons). */
export function buttonClass(variant: keyof typeof BUTTON = 'secondary'): string {
  return BUTTON[variant];
}
