import { passwordMaxLength, passwordMinLength, type PasswordErrorCode } from '@signet/contracts/accounts';

/** A short list of passwords that satisfy the length and character rules but are guessed first. */
const commonPasswords = new Set([
  'password123',
  'password1234',
  'passwort123',
  'motdepasse1',
  'qwertz12345',
  'qwerty12345',
  'azerty12345',
  '1234567890a',
  'a1234567890',
  'abcdefg1234',
  'welcome1234',
  'letmein1234',
  'iloveyou123',
  'signet12345',
]);

/**
 * The server-side password policy. Returns the first rule broken, or null when the password is fine.
 * `personal` holds the user's name parts and e-mail local part, which a password must not contain.
 */
export function checkPasswordPolicy(password: string, personal: string[] = []): PasswordErrorCode | null {
  if (password.length < passwordMinLength) return 'PASSWORD_TOO_SHORT';
  if (password.length > passwordMaxLength) return 'PASSWORD_TOO_LONG';
  if (!/\p{L}/u.test(password)) return 'PASSWORD_NEEDS_LETTER';
  if (!/\d/.test(password)) return 'PASSWORD_NEEDS_DIGIT';
  if (commonPasswords.has(password.toLowerCase())) return 'PASSWORD_TOO_COMMON';
  const lower = password.toLowerCase();
  if (personal.some((part) => part.length >= 3 && lower.includes(part.toLowerCase())))
    return 'PASSWORD_CONTAINS_NAME';
  return null;
}

export const passwordPolicyMessages: Record<PasswordErrorCode, string> = {
  PASSWORD_TOO_SHORT: `The password needs at least ${passwordMinLength} characters.`,
  PASSWORD_TOO_LONG: `The password can have at most ${passwordMaxLength} characters.`,
  PASSWORD_NEEDS_LETTER: 'The password needs at least one letter.',
  PASSWORD_NEEDS_DIGIT: 'The password needs at least one digit.',
  PASSWORD_TOO_COMMON: 'This password is too common; choose another one.',
  PASSWORD_CONTAINS_NAME: 'The password must not contain your name or e-mail address.',
};
