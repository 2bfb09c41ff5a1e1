import type { FastifyInstance, FastifyReply } from 'fastify';
import { businessActivityEndpoints } from '@signet/contracts/endpoints/business-activity';
import { businessCaller } from '../../plugins/auth.ts';
import { attachmentDisposition } from '../../plugins/downloads.ts';
import { registerEndpoints } from '../../plugins/endpoints.ts';
import * as activity from './business-activity.service.ts';
import * as csvExports from './business-activity-export.service.ts';

function sendCsv(reply: FastifyReply, csv: csvExports.CsvExport): FastifyReply {
  return (
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', attachmentDisposition(csv.filename))
      // A report of people's activity: no shared cache keeps it.
      .header('cache-control', 'no-store')
      .send(csv.stream)
  );
}

/** A business's activity reports and exports, statistics and overview: its admins' only. */
export async function businessActivityRoutes(
  app: FastifyInstance,
  deps: activity.BusinessActivityDeps,
): Promise<void> {
  registerEndpoints(app, businessActivityEndpoints, {
    accountActivity: (request) => activity.accountActivity(deps, businessCaller(request), request.query),
    signatureActivity: (request) => activity.signatureActivity(deps, businessCaller(request), request.query),
    identificationActivity: (request) =>
      activity.identificationActivity(deps, businessCaller(request), request.query),
    exportSignatures: (request, reply) =>
      sendCsv(reply, csvExports.exportSignatures(deps, businessCaller(request), request.query)),
    exportIdentifications: (request, reply) =>
      sendCsv(reply, csvExports.exportIdentifications(deps, businessCaller(request), request.query)),
    statistics: (request) => activity.statistics(deps, businessCaller(request), request.query),
    overview: (request) => activity.overview(deps, businessCaller(request)),
  });
}
