import type { ExportResult } from '../../../domain/epub/result.ts';
import type { ExportSettings } from '../../../domain/epub/settings.ts';

/**
 * The export console's state and its transitions (docs/spec.md "Admin export" and section 9), kept
 * apart from React so each rule is tested on its own.
 *
 * The page is pre-rendered with the gate (so it paints before any script runs); the status check
 * after hydration opens the console for a valid admin session or shows that export is disabled.
 */
export type Access = 'gate' | 'console' | 'disabled';

export interface ConsoleState {
  access: Access;
  password: string;
  authenticating: boolean;
  gateError: string | null;
  /** 'Logged out successfully' after a logout. */
  notice: string | null;
  settings: ExportSettings;
  generating: boolean;
  exportError: string | null;
  result: ExportResult | null;
}

export type ConsoleAction =
  | { type: 'statusChecked'; enabled?: boolean | undefined; authenticated: boolean }
  | { type: 'passwordChanged'; password: string }
  | { type: 'authRequested' }
  | { type: 'authSucceeded' }
  | { type: 'authFailed'; message: string }
  | { type: 'loggedOut' }
  | { type: 'settingsChanged'; settings: Partial<ExportSettings> }
  | { type: 'exportRequested' }
  | { type: 'exportSucceeded'; result: ExportResult }
  | { type: 'exportFailed'; message: string }
  | { type: 'sessionEnded' };

export const EMPTY_PASSWORD = 'Please enter the export password';
export const EMPTY_SETTINGS = 'Title and author must not be empty';
export const SESSION_ENDED = 'Your admin session has ended; authenticate again';
export const LOGGED_OUT = 'Logged out successfully';

export function initialState(bookTitle: string, defaultAuthor: string): ConsoleState {
  return {
    access: 'gate',
    password: '',
    authenticating: false,
    gateError: null,
    notice: null,
    settings: { title: `The ${bookTitle}`, author: defaultAuthor, includeCodeExamples: true, includeResources: true },
    generating: false,
    exportError: null,
    result: null,
  };
}

/** True when the gate may call the server (docs/spec.md: no call for a blank password). */
export const canAuthenticate = (state: ConsoleState) => state.password.trim() !== '';
/** True when the export may call the server. */
export const canExport = (state: ConsoleState) => state.settings.title.trim() !== '' && state.settings.author.trim() !== '';

export function consoleReducer(state: ConsoleState, action: ConsoleAction): ConsoleState {
  switch (action.type) {
    case 'statusChecked': {
      // Only while the gate is still showing: an authentication made meanwhile wins over a late check.
      if (state.access !== 'gate') return state;
      const access: Access = action.enabled === false ? 'disabled' : action.authenticated ? 'console' : 'gate';
      return { ...state, access };
    }
    case 'passwordChanged':
      return { ...state, password: action.password };
    case 'authRequested':
      if (!canAuthenticate(state)) return { ...state, notice: null, gateError: EMPTY_PASSWORD };
      return { ...state, notice: null, gateError: null, authenticating: true };
    case 'authSucceeded':
      return { ...state, password: '', authenticating: false, access: 'console' };
    case 'authFailed':
      return { ...state, authenticating: false, gateError: action.message };
    case 'loggedOut':
      return { ...state, result: null, exportError: null, gateError: null, notice: LOGGED_OUT, access: 'gate' };
    case 'settingsChanged':
      return { ...state, settings: { ...state.settings, ...action.settings } };
    case 'exportRequested':
      // A new export clears the previous result first.
      if (!canExport(state)) return { ...state, result: null, exportError: EMPTY_SETTINGS };
      return { ...state, result: null, exportError: null, generating: true };
    case 'exportSucceeded':
      return { ...state, generating: false, result: action.result };
    case 'exportFailed':
      return { ...state, generating: false, exportError: action.message };
    case 'sessionEnded':
      return { ...state, generating: false, gateError: SESSION_ENDED, access: 'gate' };
  }
}
