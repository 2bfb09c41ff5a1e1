import type { FastifyInstance } from 'fastify';
import { businessSealEndpoints } from '@signet/contracts/endpoints/business-seals';
import { businessCaller } from '../../plugins/auth.ts';
import { registerEndpoints } from '../../plugins/endpoints.ts';
import { registerMultipart } from '../../plugins/multipart.ts';
import { uploadedImage } from '../../uploaded-image.ts';
import * as seals from './business-seals.service.ts';

/** A business's seals (spec §7 Seals); the auth plugin checks the caller is in the business. */
export async function businessSealsRoutes(
  app: FastifyInstance,
  deps: seals.BusinessSealsDeps,
): Promise<void> {
  await registerMultipart(app);
  registerEndpoints(app, businessSealEndpoints, {
    listSeals: async (request) => ({ seals: await seals.listSeals(deps, businessCaller(request)) }),
    createSeal: (request) => seals.createSeal(deps, businessCaller(request), request.body),
    getSeal: (request) => seals.getSeal(deps, businessCaller(request), request.params.name),
    updateSeal: (request) =>
      seals.updateSeal(deps, businessCaller(request), request.params.name, request.body.displayName),
    getSealData: (request) => seals.getSealData(deps, businessCaller(request), request.params.name),
    updateSealData: (request) =>
      seals.updateSealData(deps, businessCaller(request), request.params.name, request.body),
    sealImage: async (request, reply) =>
      reply
        .type('image/png')
        // Members' browsers may keep it briefly; a new upload shows within a minute.
        .header('cache-control', 'private, max-age=60')
        .send(await seals.sealImage(deps, businessCaller(request), request.params.name)),
    uploadSealImage: async (request) => {
      const caller = businessCaller(request);
      // The seal is looked up first: an upload for a seal that is not there is not read.
      await seals.getSeal(deps, caller, request.params.name);
      const { png } = await uploadedImage(request, seals.sealImageRules);
      return seals.setSealImage(deps, caller, request.params.name, png);
    },
    deleteSealImage: (request) => seals.deleteSealImage(deps, businessCaller(request), request.params.name),
    addSealMembers: (request) =>
      seals.addSealMembers(deps, businessCaller(request), request.params.name, request.body.user_ids),
    removeSealMembers: (request) =>
      seals.removeSealMembers(deps, businessCaller(request), request.params.name, request.body.user_ids),
  });
}
