import type { StatusSummary } from '@signet/contracts/platform';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../clock.ts';
import * as repo from './platform.repository.ts';

export interface PlatformDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
}

/**
 * A Statuspage-compatible summary: the web app polls it to show the maintenance banner or, for a
 * blocking maintenance (impact 'critical'), to send people to /maintenance.
 */
export async function statusSummary(deps: PlatformDeps): Promise<StatusSummary> {
  const now = deps.clock.now();
  const active = await repo.activeMaintenances(deps.db, now);
  const blocking = active.some((m) => m.blocking);
  return {
    page: { id: 'signet', name: 'Signet', url: deps.publicUrl, updated_at: now.toISOString() },
    status: {
      indicator: blocking ? 'critical' : active.length ? 'maintenance' : 'none',
      description: blocking
        ? 'Service under maintenance'
        : active.length
          ? 'Maintenance in progress'
          : 'All systems operational',
    },
    components: [],
    incidents: [],
    scheduled_maintenances: active.map((m) => ({
      id: String(m.id),
      name: m.name,
      status: 'in_progress',
      impact: m.blocking ? 'critical' : 'maintenance',
      shortlink: m.url ?? `${deps.publicUrl}/maintenance`,
      scheduled_for: m.startsAt.toISOString(),
      scheduled_until: m.endsAt?.toISOString() ?? null,
    })),
  };
}

/** Starts a maintenance now (ending any open one), or ends the open one when `active` is false. */
export async function setMaintenance(
  deps: PlatformDeps,
  input: { active: boolean; blocking: boolean; name?: string; url?: string },
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await repo.endMaintenances(tx, now);
    if (input.active)
      await repo.insertMaintenance(tx, {
        name: input.name ?? 'Planned maintenance',
        blocking: input.blocking,
        url: input.url ?? null,
        startsAt: now,
        createdAt: now,
      });
  });
}

export async function outbox(deps: PlatformDeps, filter: { to?: string; limit: number }) {
  return repo.listOutbox(deps.db, filter);
}
