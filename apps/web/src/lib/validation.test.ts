import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { rules, translateValidation } from './validation.ts';

const message = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('form rules (spec §5)', () => {
  it('names the broken rule by its translation key', () => {
    expect(message(rules.required(), '  ')).toBe('validation.required');
    expect(message(rules.email(), 'no-at-sign')).toBe('validation.email');
    expect(message(rules.email(), '')).toBe('validation.required');
    expect(message(rules.numbers(), '12a')).toBe('validation.numbers');
    expect(message(rules.integer(), '1.5')).toBe('validation.integer');
    expect(message(rules.maxLength(3), 'abcd')).toBe('validation.max_length:3');
    expect(message(rules.minLength(3), 'ab')).toBe('validation.min_length:3');
    expect(message(rules.mustBeTrue('validation.terms'), false)).toBe('validation.terms');
    expect(message(rules.range(10, 90), '95')).toBe('validation.format');
  });

  it('accepts phones with an optional + and 6+ digits, spaces or hyphens', () => {
    expect(message(rules.phone(), '+41 79 123-45-67')).toBeUndefined();
    expect(message(rules.phone(), '12345')).toBe('validation.format');
    expect(message(rules.phone(), '+41 (79)')).toBe('validation.format');
  });

  it('fills the argument into the translated message', () => {
    const t = ((key: string, options: { 0?: string }) =>
      `${key}|${options[0] ?? ''}`) as unknown as TFunction;
    expect(translateValidation(t, 'validation.max_length:100')).toBe('validation.max_length|100');
    expect(translateValidation(t, undefined)).toBeUndefined();
  });
});
