import { z } from 'zod';
import { qualities } from '@signet/contracts/accounts';
import { legislations } from '@signet/contracts/common';
import { SignatureProvider, VisualSignatureLanguage } from '@signet/contracts/visual-signatures';
import { rules } from '../../../lib/validation.ts';

/** The editor's form: the API's fields, with the text fields as plain strings (empty = none). */
export const Values = z.object({
  alias: rules.required().max(50, 'validation.max_length:50'),
  name: rules.required().max(100, 'validation.max_length:100'),
  optionalLine: rules.maxLength(100),
  location: rules.maxLength(100),
  language: VisualSignatureLanguage,
  quality: z.enum(qualities),
  legislation: z.enum(legislations),
  provider: SignatureProvider,
  displayClaim: z.boolean(),
  displayStandards: z.boolean(),
  displayQr: z.boolean(),
  displayDate: z.boolean(),
});
export type Values = z.infer<typeof Values>;
