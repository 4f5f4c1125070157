import { describe, expect, it } from 'vitest';
import {
  consoleReducer,
  EMPTY_PASSWORD,
  EMPTY_SETTINGS,
  initialState,
  LOGGED_OUT,
  SESSION_ENDED,
  type ConsoleAction,
  type ConsoleState,
} from '../../src/pages/admin/_components/console-state.ts';

const result = { success: true as const, chaptersCount: 22, fileSize: 480_000, filename: 'book.epub', downloadUrl: '/api/admin/download/x/1/y' };
const run = (state: ConsoleState, ...actions: ConsoleAction[]) => actions.reduce(consoleReducer, state);
const start = initialState('Infrastructure Renaissance', 'The Authors');

describe('export console state', () => {
  it('starts at the gate with the spec defaults', () => {
    expect(start.access).toBe('gate');
    expect(start.settings).toEqual({ title: 'The Infrastructure Renaissance', author: 'The Authors', includeCodeExamples: true, includeResources: true });
  });

  it('the status check opens the console, disables it, or keeps the gate', () => {
    expect(run(start, { type: 'statusChecked', authenticated: true }).access).toBe('console');
    expect(run(start, { type: 'statusChecked', authenticated: false, enabled: false }).access).toBe('disabled');
    expect(run(start, { type: 'statusChecked', authenticated: false }).access).toBe('gate');
  });

  it('a late status check does not undo an authentication made meanwhile', () => {
    const authenticated = run(start, { type: 'passwordChanged', password: 'pw' }, { type: 'authRequested' }, { type: 'authSucceeded' });
    expect(authenticated.access).toBe('console');
    expect(authenticated.password).toBe('');
    expect(run(authenticated, { type: 'statusChecked', authenticated: false }).access).toBe('console');
  });

  it('refuses a blank password without calling the server, and shows a failure', () => {
    const blank = run(start, { type: 'passwordChanged', password: '   ' }, { type: 'authRequested' });
    expect(blank).toMatchObject({ gateError: EMPTY_PASSWORD, authenticating: false });
    const busy = run(start, { type: 'passwordChanged', password: 'x' }, { type: 'authRequested' });
    expect(busy).toMatchObject({ gateError: null, authenticating: true });
    expect(run(busy, { type: 'authFailed', message: 'Invalid password' })).toMatchObject({
      gateError: 'Invalid password',
      authenticating: false,
      access: 'gate',
    });
  });

  it('a new export clears the previous result; blank settings are refused', () => {
    const open = run(start, { type: 'statusChecked', authenticated: true });
    const done = run(open, { type: 'exportRequested' }, { type: 'exportSucceeded', result });
    expect(done).toMatchObject({ result, generating: false });
    expect(run(done, { type: 'exportRequested' })).toMatchObject({ result: null, generating: true, exportError: null });
    const blank = run(done, { type: 'settingsChanged', settings: { title: ' ' } }, { type: 'exportRequested' });
    expect(blank).toMatchObject({ result: null, generating: false, exportError: EMPTY_SETTINGS });
    expect(run(open, { type: 'exportRequested' }, { type: 'exportFailed', message: 'Export failed' })).toMatchObject({
      exportError: 'Export failed',
      generating: false,
    });
  });

  it('an ended session returns to the gate; logout clears the result and says so', () => {
    const done = run(start, { type: 'statusChecked', authenticated: true }, { type: 'exportRequested' }, { type: 'exportSucceeded', result });
    expect(run(done, { type: 'exportRequested' }, { type: 'sessionEnded' })).toMatchObject({ access: 'gate', gateError: SESSION_ENDED, generating: false });
    expect(run(done, { type: 'loggedOut' })).toMatchObject({ access: 'gate', result: null, exportError: null, notice: LOGGED_OUT });
    // The notice goes when the admin tries again.
    expect(run(done, { type: 'loggedOut' }, { type: 'authRequested' }).notice).toBeNull();
  });
});
