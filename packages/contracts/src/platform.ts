import { z } from 'zod';

/** GET /health: the API answers and reaches its database. */
export const Health = z.object({ status: z.literal('ok') });

/** What readiness checks; NOT_READY names the ones that failed in `details.unavailable`. */
export const ReadinessCheck = z.enum(['database', 'blobStore', 'trustServices']);

/** GET /ready: the database, the blob store and the trust services all answered. */
export const Ready = z.object({ status: z.literal('ready'), checks: z.array(ReadinessCheck) });

/** Statuspage's values (the summary follows its format, so status tools can read it). */
const Impact = z.enum(['none', 'minor', 'major', 'critical', 'maintenance']);

/** A maintenance window; `impact` critical blocks the app (spec §3 maintenance notice). */
export const ScheduledMaintenance = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['scheduled', 'in_progress', 'verifying', 'completed']),
  impact: Impact,
  /** The page that explains it: its own URL, or Signet's /maintenance page. */
  shortlink: z.string(),
  scheduled_for: z.string(),
  scheduled_until: z.string().nullable(),
});
export type ScheduledMaintenance = z.infer<typeof ScheduledMaintenance>;

/**
 * GET /status/summary.json: a Statuspage-compatible summary. The web app polls it to show the
 * maintenance banner or, for a blocking maintenance, to send people to /maintenance.
 */
export const StatusSummary = z.object({
  page: z.object({ id: z.string(), name: z.string(), url: z.string(), updated_at: z.string() }),
  status: z.object({ indicator: Impact, description: z.string() }),
  /** Signet reports no components or incidents (always empty; part of the format). */
  components: z.array(z.never()),
  incidents: z.array(z.never()),
  scheduled_maintenances: z.array(ScheduledMaintenance),
});
export type StatusSummary = z.infer<typeof StatusSummary>;

/**
 * GET /v1/signer-assertion-keys.json: the public key of the signer assertions Signet sends its
 * QTSP, as a JSON Web Key Set (RFC 7517). Keys keep every member they have (loose).
 */
export const SignerAssertionKeys = z.object({
  keys: z.array(z.looseObject({ kty: z.string(), kid: z.string(), alg: z.string(), use: z.string() })),
});
