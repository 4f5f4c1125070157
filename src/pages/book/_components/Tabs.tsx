import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabSpec {
  value: string;
  label: string;
  content: ReactNode;
  /** Keep the panel in the DOM while hidden (the chapter text: search, anchors, scroll position). */
  keepMounted?: boolean;
}

interface Props {
  tabs: TabSpec[];
  label: string;
  listClassName?: string;
  tabClassName?: string;
}

/**
 * Tabs after the WAI-ARIA Authoring Practices pattern (automatic activation): Left/Right move and
 * select, Home/End jump to the ends, only the selected tab is in the tab order, and each panel is
 * labelled by its tab. Written here rather than taken from Radix to keep the reader page's
 * JavaScript within budget (docs/decisions/002).
 */
export function Tabs({ tabs, label, listClassName = '', tabClassName = '' }: Props) {
  const [selected, setSelected] = useState(tabs[0]?.value);
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const last = tabs.length - 1;
    const target = { ArrowRight: i === last ? 0 : i + 1, ArrowLeft: i === 0 ? last : i - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const tab = tabs[target];
    if (!tab) return;
    setSelected(tab.value);
    refs.current[target]?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label={label} aria-orientation="horizontal" className={listClassName} data-pagefind-ignore>
        {tabs.map((t, i) => (
          <button
            key={t.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${t.value}`}
            aria-controls={`${base}-panel-${t.value}`}
            aria-selected={t.value === selected}
            tabIndex={t.value === selected ? 0 : -1}
            onClick={() => setSelected(t.value)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className={tabClassName}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tabs.map((t) =>
        t.value === selected || t.keepMounted ? (
          <div key={t.value} role="tabpanel" id={`${base}-panel-${t.value}`} aria-labelledby={`${base}-tab-${t.value}`} hidden={t.value !== selected}>
            {t.content}
          </div>
        ) : null,
      )}
    </div>
  );
}
