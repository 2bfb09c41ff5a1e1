import { randomUUID } from 'node:crypto';
import type { SignatureInput } from '@signet/contracts/signature-requests';
import type { DocumentRow } from '../../db/schema/documents.ts';
import type { SignerRow } from '../../db/schema/signature-requests.ts';
import { AppError } from '../../errors.ts';
import { findUserIdByEmail } from '../accounts/accounts.service.ts';
import * as repo from './signature-requests.repository.ts';
import type { SignatureRequestsDeps } from './request-deps.ts';

// Signer rows from what the owner entered: who the person is, and where their boxes go.

type Identity = Pick<
  SignerRow,
  'kind' | 'userId' | 'email' | 'firstName' | 'lastName' | 'mobile' | 'language'
>;
type Account = NonNullable<Awaited<ReturnType<typeof findUserIdByEmail>>>;
type PersonInput = Pick<SignatureInput, 'account_email' | 'signer_identity_data'>;

/** What a signer row takes from the account of an account signer. */
function accountFields(account: Account | null): Omit<Identity, 'kind' | 'email'> {
  return {
    userId: account?.id ?? null,
    firstName: account?.firstName ?? '',
    lastName: account?.lastName ?? '',
    mobile: account?.mobile ?? null,
    language: account?.lang ?? 'en-gb',
  };
}

/** The signer row fields for a person given as an account e-mail (with its account, when known) or a visitor identity. */
function identityOf(input: PersonInput, account: Account | null): Identity {
  if (input.account_email) return { kind: 'account', email: input.account_email, ...accountFields(account) };
  const identity = input.signer_identity_data!;
  return {
    kind: 'visitor',
    userId: null,
    email: identity.email_address,
    firstName: identity.first_name,
    lastName: identity.last_name,
    mobile: identity.mobile_number ?? null,
    language: identity.language,
  };
}

/** The signer row fields for a person, an account signer's names and language read from their account. */
export async function identityFields(deps: SignatureRequestsDeps, input: PersonInput): Promise<Identity> {
  const account = input.account_email ? await findUserIdByEmail(deps, input.account_email) : null;
  return identityOf(input, account);
}

/** A signer's identity within a request: account holders by e-mail, visitors by their e-mail too. */
export function identityKey(signer: { kind: string; email: string }): string {
  return `${signer.kind}:${signer.email.toLowerCase()}`;
}

export function inputKey(input: SignatureInput): string {
  return input.account_email
    ? `account:${input.account_email}`
    : `visitor:${input.signer_identity_data!.email_address}`;
}

/** The request field naming the person of an input: the account e-mail or the visitor's address. */
export function personField(input: PersonInput): string {
  return input.account_email ? 'account_email' : 'signer_identity_data.email_address';
}

type Placement = SignerRow['placements'][number];

/** A signer placed on one of the document's own empty signature fields: its box, by its name. */
function existingFieldPlacement(document: DocumentRow, name: string, field: string): Placement {
  const found = document.signatureFields.find((f) => f.name === name);
  if (!found)
    throw new AppError(
      'VALIDATION_FAILED',
      `The document has no empty signature field named "${name}" (it may be signed already).`,
      { field: `${field}.field_name` },
    );
  const { page, x, y, width, height } = found;
  return { documentId: document.id, position: { page, x, y, width, height }, fieldName: name };
}

/**
 * One existing field holds one signature: refuses a field of a document given to a second signer.
 * `pathOf` names the input of a signer's placement (its index in `signers`, in its placements).
 */
export function assertExistingFieldsUnshared(
  signers: Pick<SignerRow, 'placements'>[],
  pathOf: (signer: number, placement: number) => string,
): void {
  const taken = new Set<string>();
  signers.forEach((signer, s) =>
    signer.placements.forEach((placement, p) => {
      if (placement.fieldName === undefined) return;
      const key = `${placement.documentId}\u0000${placement.fieldName}`;
      if (taken.has(key))
        throw new AppError(
          'VALIDATION_FAILED',
          `The signature field "${placement.fieldName}" is given to more than one signature.`,
          { field: `${pathOf(s, p)}.field_name` },
        );
      taken.add(key);
    }),
  );
}

/**
 * Turns the signature inputs into signer rows, checking each placement against its document's
 * page sizes (a box must lie on the page). `field` paths name the offending input: within the
 * `signatures` list, or (inList false) in a body that is one signature. Account signers get their
 * names when the request is sent (resolveAccountSigners).
 */
export function buildSigners(
  requestId: string,
  inputs: SignatureInput[],
  documentRows: DocumentRow[],
  firstSequence = 1,
  inList = true,
): SignerRow[] {
  const rows = inputs.map((input, index) => {
    const placements = input.visual_signatures.map((visual, v) => {
      const field = `${inList ? `signatures.${index}.` : ''}visual_signatures.${v}`;
      const document = visual.document_id
        ? documentRows.find((d) => d.id === visual.document_id)
        : documentRows[0];
      if (!document)
        throw new AppError('VALIDATION_FAILED', 'This document is not part of the request.', {
          field: `${field}.document_id`,
        });
      if (visual.field_name !== undefined) return existingFieldPlacement(document, visual.field_name, field);
      const position = visual.position!;
      const page = document.pages[position.page - 1];
      if (!page)
        throw new AppError('VALIDATION_FAILED', `The document has ${document.pageCount} pages.`, {
          field: `${field}.position.page`,
        });
      const { x, y, width, height } = position;
      if (x + width > page.width + 0.5 || y + height > page.height + 0.5)
        throw new AppError(
          'VALIDATION_FAILED',
          `The box must lie on the page (${Math.round(page.width)} × ${Math.round(page.height)} pt).`,
          { field: `${field}.position` },
        );
      return { documentId: document.id, position };
    });
    return {
      id: randomUUID(),
      requestId,
      sequence: firstSequence + index,
      placements,
      quality: input.quality ?? null,
      status: 'OPEN' as const,
      signedAt: null,
      declinedAt: null,
      declineMessage: null,
      certificateSubject: null,
      certificateSerial: null,
      signingName: null,
      signingReason: null,
      remindedAt: null,
      linkSecretHash: null,
      sendToSecretHash: null,
      ...identityOf(input, null),
    };
  });
  assertExistingFieldsUnshared(rows, (signer, placement) =>
    inList ? `signatures.${signer}.visual_signatures.${placement}` : `visual_signatures.${placement}`,
  );
  return rows;
}

/**
 * Fills in account signers' names from their accounts (when they have one) at sending time, on
 * the given rows, and stored at once unless (persist false) the rows are about to be inserted.
 */
export async function resolveAccountSigners(
  deps: SignatureRequestsDeps,
  signers: SignerRow[],
  persist = true,
): Promise<void> {
  for (const signer of signers.filter((s) => s.kind === 'account' && !s.userId)) {
    const found = await findUserIdByEmail(deps, signer.email);
    if (!found) continue;
    const changes = accountFields(found);
    if (persist) await repo.updateSigner(deps.db, signer.id, changes);
    Object.assign(signer, changes);
  }
}
