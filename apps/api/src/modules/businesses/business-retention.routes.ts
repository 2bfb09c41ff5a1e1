import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sweepBusinessRetention, type BusinessRetentionDeps } from './business-retention.service.ts';

const SweepForTestsBody = z.strictObject({ asOf: z.iso.datetime() });

/**
 * Lets the end-to-end tests run the automatic-deletion sweep as of another instant (the server
 * under test keeps the real clock, shared by every browser test): the daily job's own sweep with a
 * clock fixed at `asOf`. Registered only when NODE_ENV=test, hidden from the API's description.
 */
export async function businessRetentionTestRoutes(
  app: FastifyInstance,
  deps: BusinessRetentionDeps & { env: string },
): Promise<void> {
  if (deps.env !== 'test') return;
  app.withTypeProvider<ZodTypeProvider>().post('/test/jobs/business-retention', {
    config: { auth: 'public' },
    schema: { hide: true, body: SweepForTestsBody },
    handler: async (request) => {
      const asOf = new Date(request.body.asOf);
      const deleted = await sweepBusinessRetention({ ...deps, clock: { now: () => asOf } });
      return { deleted };
    },
  });
}
