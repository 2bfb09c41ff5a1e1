import { z } from 'zod';
import { phonePattern } from '@signet/contracts/common';
import type { TFunction } from 'i18next';

/**
 * Spec §5 form rules for the web forms. Messages are translation keys (optionally `key:argument`)
 * so the same schema speaks every language; `translateValidation` turns them into text.
 */
export const rules = {
  required: () => z.string().trim().min(1, 'validation.required'),
  email: () => z.string().trim().min(1, 'validation.required').pipe(z.email('validation.email')),
  maxLength: (max: number) => z.string().max(max, `validation.max_length:${max}`),
  minLength: (min: number) => z.string().min(min, `validation.min_length:${min}`),
  numbers: () => z.string().regex(/^\d*$/, 'validation.numbers'),
  integer: () => z.string().regex(/^-?\d*$/, 'validation.integer'),
  range: (min?: number, max?: number) =>
    z.coerce
      .number({ error: 'validation.numbers' })
      .refine(
        (value) => (min === undefined || value >= min) && (max === undefined || value <= max),
        'validation.format',
      ),
  phone: () => z.string().trim().regex(phonePattern, 'validation.format'),
  mustBeTrue: (key = 'validation.required') => z.boolean().refine((value) => value, key),
};

export function translateValidation(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const [key, argument] = message.split(':');
  return t(key ?? message, { 0: argument, count: Number(argument) });
}
