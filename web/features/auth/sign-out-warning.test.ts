import { describe, expect, it } from 'vitest';
import { unsentCount, unsentExplanation, unsentTitle } from './sign-out-warning';

describe('the sign-out warning', () => {
  it('counts pending and refused changes together', () => {
    expect(unsentCount({ pending: 2, attention: 1 })).toBe(3);
    expect(unsentTitle(1)).toBe('You have 1 unsent change');
    expect(unsentTitle(3)).toBe('You have 3 unsent changes');
  });

  it('explains that the changes stay for the same user', () => {
    expect(unsentExplanation(1, 'tech_jo')).toBe('It stays on this device and is sent when tech_jo signs in again.');
    expect(unsentExplanation(2, 'tech_jo')).toBe('They stay on this device and are sent when tech_jo signs in again.');
  });
});
