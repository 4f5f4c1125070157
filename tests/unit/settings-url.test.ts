import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src/domain/ideas/defaults.ts';
import { searchFromSettings, settingsFromSearch } from '../../src/domain/ideas/settings-url.ts';

describe('the seed in the generator URL', () => {
  it('round-trips with the settings, after them', () => {
    const settings = { ...DEFAULT_SETTINGS, businessCategory: 'energy' as const, seed: 'a_B-9' };
    expect(searchFromSettings(settings)).toBe('?businessCategory=energy&seed=a_B-9');
    expect(settingsFromSearch('?businessCategory=energy&seed=a_B-9')).toEqual(settings);
    expect(searchFromSettings({ ...DEFAULT_SETTINGS, seed: 'x' })).toBe('?seed=x');
  });

  it.each(['', 'has space', 'a'.repeat(65), 'semi;colon', 'ünï'])('drops a seed the API would refuse: %j', (seed) => {
    expect(settingsFromSearch(`?seed=${encodeURIComponent(seed)}`)).toEqual(DEFAULT_SETTINGS);
    expect(searchFromSettings({ ...DEFAULT_SETTINGS, seed })).toBe('');
  });
});
