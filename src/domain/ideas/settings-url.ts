import { OPTION_FIELDS, OPTION_LABELS } from '../option-labels.ts';
import { DEFAULT_SETTINGS } from './defaults.ts';
import type { GenerateRequest } from './schema.ts';

// Zod-free on purpose (it runs in the generator page's script); a unit test checks that whatever
// it returns passes `generateRequestSchema`, the schema the API validates with.

/**
 * Reads generator settings from a page URL's query (`?businessCategory=fintech&innovationLevel=7`).
 * Each control is checked on its own: an invalid or missing value falls back to its default, so a
 * hand-edited link never breaks the page.
 */
export function settingsFromSearch(search: string): GenerateRequest {
  const params = new URLSearchParams(search);
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const field of OPTION_FIELDS) {
    const value = params.get(field);
    if (value !== null && Object.hasOwn(OPTION_LABELS[field], value)) settings[field] = value;
  }
  const level = params.get('innovationLevel');
  if (level !== null && /^(10|[1-9])$/.test(level)) settings['innovationLevel'] = Number(level);
  const engine = params.get('engine');
  if (engine === 'openai') settings['useAnthropic'] = false;
  if (engine === 'anthropic') settings['useAnthropic'] = true;
  return settings as GenerateRequest;
}

/** The query string for settings, listing only what differs from the defaults ('' when none). */
export function searchFromSettings(settings: GenerateRequest): string {
  const params = new URLSearchParams();
  for (const field of OPTION_FIELDS) if (settings[field] !== DEFAULT_SETTINGS[field]) params.set(field, settings[field]);
  if (settings.innovationLevel !== DEFAULT_SETTINGS.innovationLevel) params.set('innovationLevel', String(settings.innovationLevel));
  if (settings.useAnthropic !== DEFAULT_SETTINGS.useAnthropic) params.set('engine', settings.useAnthropic ? 'anthropic' : 'openai');
  const query = params.toString();
  return query ? `?${query}` : '';
}
