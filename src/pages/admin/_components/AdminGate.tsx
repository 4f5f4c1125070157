import type { SubmitEvent } from 'react';
import { alert, card, heading, input, label, note, primary } from './ui.ts';

interface GateProps {
  /** Prefix for element ids (useId). */
  id: string;
  password: string;
  authenticating: boolean;
  error: string | null;
  notice: string | null;
  onPasswordChange: (password: string) => void;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
}

/** The password gate (docs/spec.md: 'Admin Access Required', 'Authenticate' / 'Authenticating...'). */
export function AdminGate({ id, password, authenticating, error, notice, onPasswordChange, onSubmit }: GateProps) {
  return (
    <section className={card} aria-labelledby={`${id}-gate`}>
      <h1 id={`${id}-gate`} className={heading}>
        Admin Access Required
      </h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">Enter the export password to open the EPUB export console.</p>
      {notice && (
        <p className={note} role="status">
          {notice}
        </p>
      )}
      <form className="mt-6" onSubmit={onSubmit} noValidate>
        <label htmlFor={`${id}-password`} className={label}>
          Export password
        </label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          className={input}
          value={password}
          onChange={(e) => onPasswordChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-gate-error` : undefined}
        />
        {error && (
          <p id={`${id}-gate-error`} className={alert} role="alert">
            {error}
          </p>
        )}
        <button type="submit" className={`${primary} mt-6 w-full`} disabled={authenticating}>
          {authenticating ? 'Authenticating...' : 'Authenticate'}
        </button>
      </form>
    </section>
  );
}

/** Shown when the server has no admin password configured. */
export function ConsoleDisabled({ id }: { id: string }) {
  return (
    <section className={card} aria-labelledby={`${id}-disabled`}>
      <h1 id={`${id}-disabled`} className={heading}>
        Admin Access Required
      </h1>
      <p className={alert} role="alert">
        The export console is disabled on this server: no admin password (ADMIN_PASSWORD) is configured.
      </p>
    </section>
  );
}
