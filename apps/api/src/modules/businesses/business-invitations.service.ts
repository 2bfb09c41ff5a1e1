import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type {
  AddMembersBody,
  BusinessInvitation,
  InviteMembersResult,
  ReceivedInvitation,
} from '@signet/contracts/businesses';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { queueMail } from '../../mail/mailer.ts';
import { hashToken, newToken, type UserCaller } from '../../plugins/auth.ts';
import { countHitOrRefuse } from '../../plugins/rate-limit.ts';
import {
  findUserIdByEmail,
  getAccount,
  setBusinessFlags,
  type Account,
} from '../accounts/accounts.service.ts';
import type { BusinessCaller, BusinessesDeps } from './business-caller.ts';
import * as repo from './businesses.repository.ts';
import * as invitations from './business-invitations.repository.ts';
import { requireFreeSeats, type SeatLimit } from './business-seats.service.ts';
import { fullName } from '../../person-name.ts';

/** How long an invitation link can be answered. */
const invitationLifetimeDays = 14;
const invitationLifetimeMs = invitationLifetimeDays * 24 * 60 * 60 * 1000;

/**
 * Invitation mails one address may receive per day, from all businesses together: inviting is open
 * to anyone who creates a business, and must not become a way to flood somebody's inbox.
 */
const invitationMailLimit = (email: string) => ({
  key: `mail:business-invitation:${email}`,
  limit: 5,
  windowMs: 24 * 60 * 60 * 1000,
});

const isExpired = (row: invitations.InvitationRow, now: Date) => row.expiresAt.getTime() <= now.getTime();

function inviterOf(row: invitations.InvitationWithNames) {
  return row.inviterFirstName !== null && row.inviterLastName !== null
    ? { firstName: row.inviterFirstName, lastName: row.inviterLastName }
    : null;
}

function toInvitation(row: invitations.InvitationWithNames, now: Date): BusinessInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: isExpired(row, now) ? 'expired' : 'pending',
    invitedBy: inviterOf(row),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** GET /v2/businesses/{id}/invitations (admins); also the admin's `invitedMembers`. */
export async function listInvitations(
  deps: BusinessesDeps,
  businessId: string,
): Promise<BusinessInvitation[]> {
  const now = deps.clock.now();
  return (await invitations.pendingInvitationsOf(deps.db, businessId)).map((row) => toInvitation(row, now));
}

/**
 * POST .../members: invites every address by mail, with or without a Signet account, and whether
 * or not it belongs to another business: the admin's answer must not tell which addresses have
 * accounts. Only people already in this business (whom the admin can list anyway) are left out.
 * One transaction: either every invitation is made and mailed, or none; SEATS_EXHAUSTED when the
 * new ones do not fit the free seats (a renewed invitation keeps its seat).
 */
export async function inviteMembers(
  deps: BusinessesDeps & SeatLimit,
  caller: BusinessCaller,
  body: z.infer<typeof AddMembersBody>,
): Promise<InviteMembersResult> {
  const now = deps.clock.now();
  const inviter = await getAccount(deps, caller.userId);
  const inviterName = fullName(inviter);
  const unique = [...new Map(body.users.map((person) => [person.email, person])).values()];
  return deps.db.transaction(async (tx) => {
    // Built afresh by each attempt: PostgreSQL may abort one (deadlock, serialization) and the db
    // layer run this again, and the answer must list what the committed attempt made, once.
    const result: InviteMembersResult = { invited: [], alreadyMembers: [] };
    await repo.lockBusiness(tx, caller.businessId);
    const business = await repo.findBusiness(tx, caller.businessId);
    if (!business) throw new AppError('NOT_FOUND', 'No such business.');
    const emails = unique.map((person) => person.email);
    await requireFreeSeats(tx, caller.businessId, emails, now, deps.seatLimit);
    const memberEmails = new Set((await repo.membersOf(tx, caller.businessId)).map((m) => m.email));
    for (const person of unique) {
      if (memberEmails.has(person.email)) {
        result.alreadyMembers.push(person.email);
        continue;
      }
      await countHitOrRefuse(
        tx,
        invitationMailLimit(person.email),
        now,
        (retryAfterSeconds) =>
          new AppError(
            'TOO_MANY_ATTEMPTS',
            `${person.email} has received enough invitations today; try again later.`,
            { field: `users.${body.users.indexOf(person)}.email`, retryAfterSeconds },
          ),
      );
      const secret = newToken();
      const row = await invitations.upsertPendingInvitation(tx, {
        id: randomUUID(),
        businessId: caller.businessId,
        email: person.email,
        role: person.role,
        secretHash: hashToken(secret),
        invitedBy: caller.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + invitationLifetimeMs),
      });
      // In the language the person chose for their account, if they have one; else the inviter's.
      const account = await findUserIdByEmail({ ...deps, db: tx }, person.email);
      await queueMail(tx, deps.clock, {
        to: person.email,
        template: 'businessInvitation',
        lang: account?.lang ?? inviter.attributes.lang,
        params: { inviterName, businessName: business.name, days: String(invitationLifetimeDays) },
        actionUrl: `${deps.publicUrl}/invite/${secret}`,
      });
      result.invited.push(
        toInvitation(
          {
            ...row,
            businessName: business.name,
            inviterFirstName: inviter.firstName,
            inviterLastName: inviter.lastName,
          },
          now,
        ),
      );
    }
    return result;
  });
}

/** DELETE /v1/businesses/{id}/invitations/{invitationId}: its link stops working. */
export async function revokeInvitation(
  deps: BusinessesDeps,
  caller: BusinessCaller,
  invitationId: string,
): Promise<void> {
  const revoked = await invitations.endInvitation(
    deps.db,
    { id: invitationId, businessId: caller.businessId },
    'revoked',
    deps.clock.now(),
  );
  if (!revoked)
    throw new AppError('INVITATION_NOT_FOUND', 'Your business has no open invitation with this id.');
}

/**
 * The invitation behind a link, for the signed-in person it was sent to. A revoked one is not found;
 * somebody else (a forwarded link) learns nothing about it beyond that it is not theirs.
 */
async function invitationFor(
  db: Db,
  user: Account,
  secret: string,
  forUpdate = false,
): Promise<invitations.InvitationWithNames & { status: 'pending' | 'accepted' | 'declined' }> {
  const row = await invitations.findBySecretHash(db, hashToken(secret), forUpdate);
  if (!row || row.status === 'revoked')
    throw new AppError('INVITATION_NOT_FOUND', 'This invitation link is not valid (any more).');
  if (!user.emailVerified || user.email !== row.email)
    throw new AppError(
      'INVITATION_WRONG_ACCOUNT',
      'This invitation was sent to another e-mail address. Sign in with the account of that address.',
    );
  return { ...row, status: row.status };
}

/** Checks that an invitation can still be answered. */
function requireOpen(row: invitations.InvitationRow, now: Date): void {
  if (row.status !== 'pending')
    throw new AppError('INVITATION_ANSWERED', `You have ${row.status} this invitation already.`);
  if (isExpired(row, now))
    throw new AppError(
      'INVITATION_EXPIRED',
      'This invitation has expired. Ask the business to invite you again.',
    );
}

/** GET /v1/business-invitations/{secret}: what the /invite/{secret} page shows. */
export async function receivedInvitation(
  deps: BusinessesDeps,
  caller: UserCaller,
  secret: string,
): Promise<ReceivedInvitation> {
  const user = await getAccount(deps, caller.userId);
  const row = await invitationFor(deps.db, user, secret);
  const membership = await repo.membershipOf(deps.db, caller.userId);
  const now = deps.clock.now();
  return {
    businessName: row.businessName,
    invitedBy: inviterOf(row),
    role: row.role,
    email: row.email,
    status: row.status === 'pending' && isExpired(row, now) ? 'expired' : row.status,
    expiresAt: row.expiresAt.toISOString(),
    inOtherBusiness: membership !== null && membership.businessId !== row.businessId,
  };
}

/**
 * Makes somebody a member who chose to be one (they accepted an invitation, or created the
 * business); false when their account belongs to a business already.
 */
export async function joinBusiness(
  db: Db,
  clock: Clock,
  member: { businessId: string; userId: string; role: repo.Role; joinedAt: Date },
): Promise<boolean> {
  if (!(await repo.insertMember(db, member))) return false;
  // The spec §4 gates read these: the member has consented, and is no longer leaving a business.
  await setBusinessFlags({ db, clock }, member.userId, {
    accepted_business_invite: true,
    removed_from_business: false,
    business_deleted: false,
  });
  return true;
}

/** Answers an invitation sent to the caller, if it is still open, in one transaction. */
async function answerInvitation(
  deps: BusinessesDeps,
  caller: UserCaller,
  secret: string,
  answer: (tx: Db, row: invitations.InvitationRow, now: Date) => Promise<void>,
): Promise<void> {
  const user = await getAccount(deps, caller.userId);
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const row = await invitationFor(tx, user, secret, true);
    requireOpen(row, now);
    await answer(tx, row, now);
  });
}

/**
 * POST .../accept: the invited person joins the business in the invited role. Their account may
 * belong to one business only; if it belongs to another, they are told so here (and the admin who
 * invited them never learns it).
 */
export function acceptInvitation(deps: BusinessesDeps, caller: UserCaller, secret: string): Promise<void> {
  return answerInvitation(deps, caller, secret, async (tx, row, now) => {
    const member = { businessId: row.businessId, userId: caller.userId, role: row.role, joinedAt: now };
    if (!(await joinBusiness(tx, deps.clock, member)))
      throw new AppError(
        'ALREADY_IN_BUSINESS',
        'Your account belongs to a business already; leave it before you accept this invitation.',
      );
    await invitations.endInvitation(tx, { id: row.id }, 'accepted', now);
  });
}

/** POST .../decline: the invitation ends; the business sees it no longer pending. */
export function declineInvitation(deps: BusinessesDeps, caller: UserCaller, secret: string): Promise<void> {
  return answerInvitation(deps, caller, secret, async (tx, row, now) => {
    await invitations.endInvitation(tx, { id: row.id }, 'declined', now);
  });
}
