import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/accounts.ts';
import { businessInvitations, businesses } from '../../db/schema/businesses.ts';
import type { Db } from '../../db/client.ts';

export type InvitationRow = typeof businessInvitations.$inferSelect;

export interface InvitationWithNames extends InvitationRow {
  businessName: string;
  inviterFirstName: string | null;
  inviterLastName: string | null;
}

const withNames = {
  invitation: businessInvitations,
  businessName: businesses.name,
  inviterFirstName: users.firstName,
  inviterLastName: users.lastName,
};

function flatten(row: {
  invitation: InvitationRow;
  businessName: string;
  inviterFirstName: string | null;
  inviterLastName: string | null;
}): InvitationWithNames {
  const { invitation, ...names } = row;
  return { ...invitation, ...names };
}

/**
 * Creates the pending invitation of this address into the business, or renews the one there is:
 * a new secret (the old link stops working), role, inviter and expiry.
 */
export async function upsertPendingInvitation(
  db: Db,
  row: Omit<typeof businessInvitations.$inferInsert, 'status' | 'endedAt'>,
): Promise<InvitationRow> {
  const rows = await db
    .insert(businessInvitations)
    .values({ ...row, status: 'pending' })
    .onConflictDoUpdate({
      target: [businessInvitations.businessId, businessInvitations.email],
      targetWhere: sql`${businessInvitations.status} = 'pending'`,
      set: {
        role: row.role,
        secretHash: row.secretHash,
        invitedBy: row.invitedBy,
        createdAt: row.createdAt,
        expiresAt: row.expiresAt,
      },
    })
    .returning();
  return rows[0]!;
}

/** The unanswered invitations of a business (pending or expired), newest first. */
export async function pendingInvitationsOf(db: Db, businessId: string): Promise<InvitationWithNames[]> {
  const rows = await db
    .select(withNames)
    .from(businessInvitations)
    .innerJoin(businesses, eq(businesses.id, businessInvitations.businessId))
    .leftJoin(users, eq(users.id, businessInvitations.invitedBy))
    .where(and(eq(businessInvitations.businessId, businessId), eq(businessInvitations.status, 'pending')))
    .orderBy(desc(businessInvitations.createdAt), asc(businessInvitations.email));
  return rows.map(flatten);
}

/** The invitation behind a link, locked when `forUpdate` (answering it). */
export async function findBySecretHash(
  db: Db,
  secretHash: string,
  forUpdate = false,
): Promise<InvitationWithNames | null> {
  const query = db
    .select(withNames)
    .from(businessInvitations)
    .innerJoin(businesses, eq(businesses.id, businessInvitations.businessId))
    .leftJoin(users, eq(users.id, businessInvitations.invitedBy))
    .where(eq(businessInvitations.secretHash, secretHash))
    .limit(1);
  const rows = forUpdate ? await query.for('update', { of: businessInvitations }) : await query;
  return rows[0] ? flatten(rows[0]) : null;
}

/** Ends a pending invitation (accepted, declined or revoked); false when it was not pending. */
export async function endInvitation(
  db: Db,
  where: { id: string; businessId?: string },
  status: 'accepted' | 'declined' | 'revoked',
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(businessInvitations)
    .set({ status, endedAt: now })
    .where(
      and(
        eq(businessInvitations.id, where.id),
        where.businessId ? eq(businessInvitations.businessId, where.businessId) : undefined,
        eq(businessInvitations.status, 'pending'),
      ),
    )
    .returning({ id: businessInvitations.id });
  return rows.length === 1;
}
