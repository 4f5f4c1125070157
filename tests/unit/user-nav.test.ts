import { describe, expect, it } from 'vitest';
import { displayName } from '../../src/scripts/user-nav.ts';

describe('the nav name of a signed-in user', () => {
  it('is the first name, falling back to the email, then "User"', () => {
    expect(displayName({ firstName: 'Ada', email: 'ada@example.com' })).toBe('Ada');
    expect(displayName({ firstName: '  ', email: 'ada@example.com' })).toBe('ada@example.com');
    expect(displayName({ firstName: null, email: null })).toBe('User');
    expect(displayName({})).toBe('User');
  });
});
