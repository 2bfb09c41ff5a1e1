import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import * as repo from './businesses.repository.ts';
import * as invitations from './business-invitations.repository.ts';
import { seatLimitOf } from '../billing/billing.service.ts';

/** The businesses services' deps where seats are counted: the limit of a business without a subscription. */
export interface SeatLimit {
  seatLimit: number;
}

export interface Seats {
  used: number;
  limit: number;
  /** Addresses holding a seat: the members' and the open invitations'. */
  holders: Set<string>;
}

/**
 * Seats in use: every member, and every pending invitation that can still be accepted (an expired
 * one frees its seat; inviting that address again takes one again). The limit: the subscription's
 * seats, or without one `configured` (BUSINESS_SEAT_LIMIT).
 */
export async function seatsOf(db: Db, businessId: string, now: Date, configured: number): Promise<Seats> {
  const limit = await seatLimitOf(db, businessId, configured);
  const members = await repo.membersOf(db, businessId);
  const open = (await invitations.pendingInvitationsOf(db, businessId)).filter(
    (row) => row.expiresAt.getTime() > now.getTime(),
  );
  const holders = new Set([...members.map((m) => m.email), ...open.map((row) => row.email)]);
  return { used: members.length + open.length, limit, holders };
}

/**
 * Refuses, naming the seats left, when the addresses that hold no seat yet do not fit. Callers hold
 * the business row lock, so two admins inviting at once cannot both take the last seat.
 */
export async function requireFreeSeats(
  db: Db,
  businessId: string,
  emails: string[],
  now: Date,
  limit: number,
): Promise<void> {
  const seats = await seatsOf(db, businessId, now, limit);
  const needed = emails.filter((email) => !seats.holders.has(email)).length;
  const seatsLeft = Math.max(0, seats.limit - seats.used);
  if (needed > seatsLeft)
    throw new AppError(
      'SEATS_EXHAUSTED',
      `${seatsLeft} of the business's ${seats.limit} seats are free, and ${needed} are needed: its admins free seats by revoking invitations or removing members.`,
      { field: 'users', details: { seatsLeft } },
    );
}
