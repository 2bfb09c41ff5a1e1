import { z } from 'zod';
import { languages, type Language } from '@signet/contracts/common';
import {
  RequestLegislation,
  RequestQuality,
  type SignatureRequest,
} from '@signet/contracts/signature-requests';
import { rules } from '../../lib/validation.ts';
import type { Box } from './geometry.ts';
import type { UpdateSignatureRequestInput } from './api/update-signature-request.ts';

export type Quality = z.infer<typeof RequestQuality>;
export type Legislation = z.infer<typeof RequestLegislation>;
export const qualities = RequestQuality.options;
export const legislations = RequestLegislation.options;

/** One signer's visual signature on one document's page. */
export interface Placement extends Box {
  documentId: string;
  page: number;
  /** One of the document's own empty signature fields (its box fixed by the PDF), by name. */
  fieldName?: string;
}

export interface SignerForm {
  /** Stable key for lists and boxes (the signer id once saved). */
  key: string;
  kind: 'account' | 'visitor';
  accountEmail: string;
  email: string;
  firstName: string;
  lastName: string;
  mobile: string;
  language: Language;
  /** '' = the request's quality. */
  quality: Quality | '';
  placements: Placement[];
}

export interface EditorForm {
  title: string;
  message: string;
  quality: Quality;
  legislation: Legislation;
  signingOrder: boolean;
  signers: SignerForm[];
  observers: Array<{ email: string }>;
}

const optional = (schema: z.ZodString) =>
  z.string().refine((value) => value.trim() === '' || schema.safeParse(value).success, 'validation.format');

const Placement = z.object({
  documentId: z.string(),
  page: z.number(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  fieldName: z.string().optional(),
});

const Signer = z
  .object({
    key: z.string(),
    kind: z.enum(['account', 'visitor']),
    accountEmail: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    mobile: optional(rules.phone()),
    language: z.enum(languages),
    quality: z.union([RequestQuality, z.literal('')]),
    placements: z.array(Placement),
  })
  .superRefine((signer, context) => {
    const check = (field: keyof SignerForm, schema: z.ZodType) => {
      const result = schema.safeParse(signer[field]);
      if (!result.success)
        context.addIssue({ code: 'custom', path: [field], message: result.error.issues[0]!.message });
    };
    if (signer.kind === 'account') return check('accountEmail', rules.email());
    check('email', rules.email());
    check('firstName', rules.required().pipe(rules.maxLength(100)));
    check('lastName', rules.required().pipe(rules.maxLength(100)));
  });

/** The editor's rules (spec §5 messages, as translation keys), the same limits as the API's. */
export const EditorSchema = z
  .object({
    title: rules.required().pipe(rules.maxLength(200)),
    message: rules.maxLength(2000),
    quality: RequestQuality,
    legislation: RequestLegislation,
    signingOrder: z.boolean(),
    signers: z.array(Signer).max(50, 'validation.max_length:50'),
    observers: z.array(z.object({ email: rules.email() })).max(20),
  })
  .superRefine((form, context) => {
    // The API refuses a person listed twice (409 ALREADY_A_SIGNER); say so on the second entry.
    const seen = new Set<string>();
    form.signers.forEach((signer, index) => {
      const field = signer.kind === 'account' ? 'accountEmail' : 'email';
      const id = identityOf(signer);
      if (!id) return;
      if (seen.has(id))
        context.addIssue({ code: 'custom', path: ['signers', index, field], message: 'duplicate' });
      seen.add(id);
    });
    const observers = new Set<string>();
    form.observers.forEach((observer, index) => {
      const email = observer.email.trim().toLowerCase();
      if (email && observers.has(email))
        context.addIssue({
          code: 'custom',
          path: ['observers', index, 'email'],
          message: 'duplicate',
        });
      observers.add(email);
    });
  });

/** Who a signer is, as the API matches people: the account e-mail, or the visitor's e-mail. */
function identityOf(signer: SignerForm): string {
  return (signer.kind === 'account' ? signer.accountEmail : signer.email).trim().toLowerCase();
}

let localKeys = 0;
export function newSigner(kind: SignerForm['kind'], language: Language = 'en-gb'): SignerForm {
  localKeys += 1;
  return {
    key: `new-${localKeys}`,
    kind,
    accountEmail: '',
    email: '',
    firstName: '',
    lastName: '',
    mobile: '',
    language,
    quality: '',
    placements: [],
  };
}

/** The form as the editor opens it from the saved request. */
export function formFromRequest(request: SignatureRequest): EditorForm {
  return {
    title: request.title,
    message: request.message ?? '',
    quality: request.quality,
    legislation: request.legislation,
    signingOrder: request.signing_order,
    signers: [...request.signatures]
      .sort((a, b) => a.sequence - b.sequence)
      .map((signature) => ({
        key: signature.sid,
        kind: signature.signer_type,
        accountEmail: signature.signer_type === 'account' ? (signature.account_email ?? signature.email) : '',
        email: signature.signer_type === 'visitor' ? signature.email : '',
        firstName: signature.signer_type === 'visitor' ? signature.first_name : '',
        lastName: signature.signer_type === 'visitor' ? signature.last_name : '',
        mobile: signature.mobile_number ?? '',
        language: signature.language,
        // The API answers the effective quality; only a different one is the signer's own.
        quality: signature.quality === request.quality ? '' : signature.quality,
        placements: signature.visual_signatures.map(({ document_id, position, field_name }) => ({
          documentId: document_id,
          ...position,
          ...(field_name !== undefined ? { fieldName: field_name } : {}),
        })),
      })),
    observers: request.observers.map((email) => ({ email })),
  };
}

/** The PUT body for the form (signatures replace the whole list; absent message clears it). */
export function updateBodyFromForm(form: EditorForm): UpdateSignatureRequestInput {
  return {
    title: form.title.trim(),
    message: form.message.trim() === '' ? null : form.message.trim(),
    quality: form.quality,
    legislation: form.legislation,
    signing_order: form.signingOrder,
    observers: form.observers.map((observer) => observer.email.trim().toLowerCase()),
    signatures: form.signers.map((signer) => ({
      ...(signer.kind === 'account'
        ? { account_email: signer.accountEmail.trim().toLowerCase() }
        : {
            signer_identity_data: {
              email_address: signer.email.trim().toLowerCase(),
              first_name: signer.firstName.trim(),
              last_name: signer.lastName.trim(),
              ...(signer.mobile.trim() ? { mobile_number: signer.mobile.trim() } : {}),
              language: signer.language,
            },
          }),
      ...(signer.quality ? { quality: signer.quality } : {}),
      visual_signatures: signer.placements.map(({ documentId, page, x, y, width, height, fieldName }) =>
        fieldName !== undefined
          ? { document_id: documentId, field_name: fieldName }
          : { document_id: documentId, position: { page, x, y, width, height } },
      ),
    })),
  };
}

/**
 * Where an API error's `field` (a path in the PUT body) belongs in the form, or null when no form
 * field shows it: `signatures.1.signer_identity_data.first_name` → `signers.1.firstName`.
 */
export function formFieldOf(apiField: string | undefined, form: EditorForm): string | null {
  if (!apiField) return null;
  const parts = apiField.split('.');
  const [head, indexText, ...rest] = parts;
  if (head === 'title' || head === 'message') return head;
  if (head === 'observers') return indexText !== undefined ? `observers.${indexText}.email` : null;
  if (head !== 'signatures' || indexText === undefined) return null;
  const index = Number(indexText);
  const signer = form.signers[index];
  if (!signer) return null;
  const prefix = `signers.${index}`;
  const identityField = signer.kind === 'account' ? 'accountEmail' : 'email';
  const leaf = rest.at(-1);
  if (rest[0] === 'visual_signatures') return `${prefix}.placements`;
  if (rest[0] === 'quality') return `${prefix}.quality`;
  const byLeaf: Record<string, string> = {
    account_email: 'accountEmail',
    email_address: 'email',
    first_name: 'firstName',
    last_name: 'lastName',
    mobile_number: 'mobile',
    language: 'language',
  };
  return `${prefix}.${(leaf && byLeaf[leaf]) ?? identityField}`;
}

/** Marks a message that is already text (the API's reason), not a translation key. */
export const literalMessage = (text: string) => `!${text}`;

/** The text of a form error: a spec §5 rule (`validation.*`), an editor key, or the API's reason. */
export function errorText(t: (key: string, options?: Record<string, unknown>) => string, message?: string) {
  if (!message) return undefined;
  if (message.startsWith('!')) return message.slice(1);
  const [key, argument] = message.split(':');
  return t(key ?? message, { 0: argument, count: Number(argument) });
}
