import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';

/** What the billing services need (app.ts builds it from the config). */
export interface BillingDeps {
  db: Db;
  clock: Clock;
  /** Where people reach Signet: its host decides the platform (spec §9 EU or CH). */
  publicUrl: string;
  /** Seats of a business without a subscription (BUSINESS_SEAT_LIMIT). */
  seatLimit: number;
  /** Days an unpaid invoice may stay unpaid before the business is BLOCKED (BILLING_GRACE_DAYS). */
  graceDays: number;
}
