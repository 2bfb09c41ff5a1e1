import { ZxcvbnFactory, type OptionsDictionary } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as de from '@zxcvbn-ts/language-de';
import * as en from '@zxcvbn-ts/language-en';
import * as fr from '@zxcvbn-ts/language-fr';
import * as it from '@zxcvbn-ts/language-it';
import { passwordMaxLength, passwordMinLength, type PasswordErrorCode } from '@signet/contracts/accounts';

/**
 * zxcvbn's score 3 means about 10^8 guesses or more: out of reach of an online attacker held back
 * by login throttling, and slow work offline against argon2id. Below it, a password is refused.
 */
const minimumScore = 3;

/** Words every Signet password is guessed with first. */
const productWords = ['signet'];

/** Older language packages name their lists alike ("commonWords"): keep each language's own. */
function byLanguage(dictionary: OptionsDictionary, language: string): OptionsDictionary {
  return Object.fromEntries(
    Object.entries(dictionary).map(([name, words]) => [
      name.endsWith(`-${language}`) ? name : `${name}-${language}`,
      words,
    ]),
  );
}

let estimator: ZxcvbnFactory | null = null;

// Built on first use: the dictionaries take a moment to rank, which only password checks should pay.
function strengthEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    // The common list holds the most used passwords; the languages are the product's four.
    dictionary: {
      ...common.dictionary,
      ...byLanguage(en.dictionary, 'en'),
      ...byLanguage(de.dictionary, 'de'),
      ...byLanguage(fr.dictionary, 'fr'),
      ...byLanguage(it.dictionary, 'it'),
    },
    graphs: common.adjacencyGraphs,
    maxLength: passwordMaxLength,
  });
  return estimator;
}

/**
 * The server-side password policy. Returns the first rule broken, or null when the password is fine.
 * `personal` holds the user's name parts and e-mail address, which a password must not contain and
 * which the strength estimate treats as known words.
 */
export function checkPasswordPolicy(password: string, personal: string[] = []): PasswordErrorCode | null {
  if (password.length < passwordMinLength) return 'PASSWORD_TOO_SHORT';
  if (password.length > passwordMaxLength) return 'PASSWORD_TOO_LONG';
  if (!/\p{L}/u.test(password)) return 'PASSWORD_NEEDS_LETTER';
  if (!/\d/.test(password)) return 'PASSWORD_NEEDS_DIGIT';
  const known = personal.map((part) => part.trim().toLowerCase()).filter((part) => part.length >= 3);
  const lower = password.toLowerCase();
  if (known.some((part) => lower.includes(part))) return 'PASSWORD_CONTAINS_NAME';
  if (strengthEstimator().check(password, [...known, ...productWords]).score < minimumScore)
    return 'PASSWORD_TOO_COMMON';
  return null;
}

/** The parts of a person that their password must not contain. */
export function personalParts(firstName: string, lastName: string, email: string): string[] {
  return [firstName, lastName, email.split('@')[0] ?? ''];
}

/** The policy's verdict on a person's own password: their names and e-mail count as known words. */
export function checkPersonalPassword(
  password: string,
  person: { firstName: string; lastName: string; email: string },
): PasswordErrorCode | null {
  return checkPasswordPolicy(password, personalParts(person.firstName, person.lastName, person.email));
}

export const passwordPolicyMessages: Record<PasswordErrorCode, string> = {
  PASSWORD_TOO_SHORT: `The password needs at least ${passwordMinLength} characters.`,
  PASSWORD_TOO_LONG: `The password can have at most ${passwordMaxLength} characters.`,
  PASSWORD_NEEDS_LETTER: 'The password needs at least one letter.',
  PASSWORD_NEEDS_DIGIT: 'The password needs at least one digit.',
  PASSWORD_TOO_COMMON:
    'This password is too easy to guess (a common password, words, names, dates, repeats or sequences); choose another one.',
  PASSWORD_CONTAINS_NAME: 'The password must not contain your name or e-mail address.',
};
