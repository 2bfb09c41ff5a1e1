import type { z } from 'zod';
import type { ReadinessCheck } from '@signet/contracts/platform';
import { AppError } from '../../errors.ts';

export type ReadinessChecks = Record<z.infer<typeof ReadinessCheck>, () => Promise<unknown>>;

/** A check that has not answered by then counts as down: a load balancer must not wait on it. */
const checkTimeoutMs = 3_000;

function withinTime(check: () => Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), checkTimeoutMs);
  });
  return Promise.race([check(), timeout]).finally(() => clearTimeout(timer));
}

/**
 * Runs every readiness check at once; NOT_READY (503) names the ones that failed, so the operator
 * sees what is down without reading logs. Liveness (/health) stays apart: a process whose blob store
 * is away should leave the load balancer's rotation, not be restarted.
 */
export async function readiness(checks: ReadinessChecks) {
  const names = Object.keys(checks) as Array<keyof ReadinessChecks>;
  const results = await Promise.allSettled(names.map((name) => withinTime(checks[name])));
  const unavailable = names.filter((_, index) => results[index]!.status === 'rejected');
  if (unavailable.length > 0)
    throw new AppError('NOT_READY', `Not ready: ${unavailable.join(', ')} did not answer.`, {
      details: { unavailable },
    });
  return { status: 'ready' as const, checks: names };
}
