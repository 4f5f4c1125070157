import { OPTION_FIELDS, OPTION_LABELS } from '../option-labels.ts';
import { DEFAULT_SETTINGS } from './defaults.ts';
import type { GenerateRequest } from './schema.ts';

/** Generator settings plus the offline engine's seed (`?seed=`: the link reproduces one idea). */
export type GeneratorSettings = GenerateRequest;

/** A seed as the API accepts it: 1-64 characters of [A-Za-z0-9_-]. */
export const SEED_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

// Zod-free on purpose (it runs in the generator page's script); a unit test checks that whatever
// it returns passes `generateRequestSchema`, the schema the API validates with.

/**
 * Reads generator settings from a page URL's query (`?businessCategory=fintech&innovationLevel=7`).
 * Each control is checked on its own: an invalid or missing value falls back to its default, so a
 * hand-edited link never breaks the page.
 */
export function settingsFromSearch(search: string): GeneratorSettings {
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
  const seed = params.get('seed');
  if (seed !== null && SEED_PATTERN.test(seed)) settings['seed'] = seed;
  return settings as GeneratorSettings;
}

/** The query string for settings, listing only what differs from the defaults, then the seed ('' when none). */
export function searchFromSettings(settings: GeneratorSettings): string {
  const params = new URLSearchParams();
  for (const field of OPTION_FIELDS) if (settings[field] !== DEFAULT_SETTINGS[field]) params.set(field, settings[field]);
  if (settings.innovationLevel !== DEFAULT_SETTINGS.innovationLevel) params.set('innovationLevel', String(settings.innovationLevel));
  if (settings.useAnthropic !== DEFAULT_SETTINGS.useAnthropic) params.set('engine', settings.useAnthropic ? 'anthropic' : 'openai');
  if (settings.seed && SEED_PATTERN.test(settings.seed)) params.set('seed', settings.seed);
  const query = params.toString();
  return query ? `?${query}` : '';
}
