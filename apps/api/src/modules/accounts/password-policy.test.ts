import { describe, expect, it } from 'vitest';
import { checkPasswordPolicy } from './password-policy.ts';

describe('password policy', () => {
  it.each([
    'aaaaaaaaaa1',
    'abcdefghij1',
    'Password1234',
    'passwort123',
    'motdepasse1',
    'Qwertzuiop12',
    '1234567890a',
    'bonjour12345',
    'Signet12345',
  ])('refuses %s as too easy to guess', (password) => {
    expect(checkPasswordPolicy(password)).toBe('PASSWORD_TOO_COMMON');
  });

  it.each(['Correct-horse-7-battery', 'Quiet-harbour-42', 'Brand-new-secret-4', 'Tr0ub4dor&3x-blue'])(
    'accepts %s',
    (password) => {
      expect(checkPasswordPolicy(password)).toBeNull();
    },
  );

  it("counts the person's own name and e-mail address against the password", () => {
    const personal = ['Kaspar', 'Wyssbrodt', 'kaspar.w'];
    expect(checkPasswordPolicy('Wyssbrodt-1987-xyz', personal)).toBe('PASSWORD_CONTAINS_NAME');
    // Reversed, the name is no substring, but the estimate still knows it.
    expect(checkPasswordPolicy('Tdorbssyw-1987', [])).toBeNull();
    expect(checkPasswordPolicy('Tdorbssyw-1987', personal)).toBe('PASSWORD_TOO_COMMON');
  });

  it('checks length and characters first', () => {
    expect(checkPasswordPolicy('aaaaaaa1')).toBe('PASSWORD_TOO_SHORT');
    expect(checkPasswordPolicy('a1'.repeat(65))).toBe('PASSWORD_TOO_LONG');
    expect(checkPasswordPolicy('aaaaaaaaaaaa')).toBe('PASSWORD_NEEDS_DIGIT');
  });
});
