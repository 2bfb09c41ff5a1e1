import { randomUUID } from 'node:crypto';
import { eidVouchedFields } from '@signet/contracts/eid';
import type { Language } from '@signet/contracts/common';
import { defaultLanguage } from '@signet/contracts/common';
import { AppError } from '../../errors.ts';
import type { AccountsDeps } from './accounts.service.ts';
import * as repo from './accounts.repository.ts';
import { hashPassword } from './password-hashing.ts';
import { assertPasswordAllowed } from './passwords.service.ts';
import { startSession } from './sessions.service.ts';
import { requestConfirmation } from './signup.service.ts';
import { defaultAttributes } from './user-dto.ts';

/** The person an eID vouched for, as a signup takes them. */
export interface VouchedPerson {
  firstName: string;
  lastName: string;
}

/**
 * Signup with an eID: the account takes the names the eID vouched for and lists them as immutable
 * (`immutable_eid_fields`); its e-mail address is confirmed from its inbox as in every signup.
 * `claimPerson` takes the person from the eID login once, after the input passed every check, so a
 * refused password does not use the login up. Signed in at once.
 */
export async function registerWithEid<Person extends VouchedPerson>(
  deps: AccountsDeps,
  input: {
    email: string;
    password: string;
    lang: Language | undefined;
    mobile: string | undefined;
    ip: string;
    preview: VouchedPerson;
    claimPerson: () => Promise<Person>;
    /** What the eID vouched for becomes the new account's evidence (the identification module's). */
    afterCreate: (userId: string, person: Person) => Promise<void>;
  },
): Promise<{ value: string; expiration: string }> {
  assertPasswordAllowed(input.password, { ...input.preview, email: input.email }, 'password');
  if (await repo.findUserByEmail(deps.db, input.email))
    throw new AppError(
      'EMAIL_TAKEN',
      'An account with this e-mail address exists already. Sign in instead.',
      {
        field: 'email',
      },
    );
  const passwordHash = await hashPassword(input.password);
  const person = await input.claimPerson();
  const now = deps.clock.now();
  const userId = randomUUID();
  const lang = input.lang ?? defaultLanguage;
  await repo.insertUser(deps.db, {
    id: userId,
    email: input.email,
    emailVerified: false,
    firstName: person.firstName,
    lastName: person.lastName,
    passwordHash,
    attributes: {
      ...defaultAttributes(lang, input.mobile ?? null),
      accepted_gtc: true,
      immutable_eid_fields: [...eidVouchedFields],
    },
    createdAt: now,
    updatedAt: now,
  });
  await input.afterCreate(userId, person);
  await requestConfirmation(deps, {
    email: input.email,
    lang,
    ip: input.ip,
    caller: { kind: 'user', userId, sessionId: '' },
  });
  return startSession(deps, userId);
}

/** PUT /v1/user: the first field the eID vouched for that the change would alter, if any. */
export function changedVouchedField(
  immutable: readonly string[],
  current: VouchedPerson,
  change: Partial<VouchedPerson>,
): keyof VouchedPerson | null {
  for (const field of eidVouchedFields)
    if (immutable.includes(field) && change[field] !== undefined && change[field] !== current[field])
      return field;
  return null;
}
