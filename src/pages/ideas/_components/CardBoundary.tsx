import { Component, type ReactNode } from 'react';

interface Props {
  /** The idea's id, for the log. */
  id: string;
  children: ReactNode;
}

/**
 * The last line of defence of a list of ideas: a card that fails to render (a stored record the
 * normaliser did not foresee) is replaced by a short note and logged as a render error, and the
 * other cards stay on the page.
 */
export class CardBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(`ideas: the card of idea ${this.props.id} failed to render (a render error, not a storage error)`, error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <li className="rounded-xl border border-dashed border-slate-300 p-5 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
        This idea cannot be shown.{' '}
        <a href={`/idea/${encodeURIComponent(this.props.id)}`} className="font-semibold text-brand-700 underline dark:text-brand-300">
          Open it
        </a>
      </li>
    );
  }
}
