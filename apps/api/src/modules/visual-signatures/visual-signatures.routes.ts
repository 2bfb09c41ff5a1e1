import type { FastifyInstance, FastifyReply } from 'fastify';
import { visualSignatureEndpoints } from '@signet/contracts/endpoints/visual-signatures';
import { userCaller } from '../../plugins/auth.ts';
import { registerEndpoints } from '../../plugins/endpoints.ts';
import { registerMultipart } from '../../plugins/multipart.ts';
import { uploadedImage } from '../../uploaded-image.ts';
import * as visual from './visual-signatures.service.ts';

/**
 * A preview picture. Not kept by the browser: its address stays the same while the signature (its
 * image, its fields) and the minute it shows change; the web app caches it by version itself.
 */
const sendPicture = (reply: FastifyReply, picture: { bytes: Uint8Array; contentType: string }) =>
  reply
    .type(picture.contentType)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(picture.bytes));

/** The signed-in person's visual signatures (spec §7 Visual signatures). */
export async function visualSignaturesRoutes(
  app: FastifyInstance,
  deps: visual.VisualSignaturesDeps,
): Promise<void> {
  await registerMultipart(app);
  registerEndpoints(app, visualSignatureEndpoints, {
    listVisualSignatures: (request) => visual.listVisualSignatures(deps, userCaller(request).userId),
    createVisualSignature: (request) =>
      visual.createVisualSignature(deps, userCaller(request).userId, request.body),
    predefinedVisualSignatures: async (request) => ({
      visualSignatures: await visual.predefinedVisualSignatures(deps, userCaller(request).userId),
    }),
    getVisualSignature: (request) =>
      visual.getVisualSignature(deps, userCaller(request).userId, request.params.id),
    updateVisualSignature: (request) =>
      visual.updateVisualSignature(deps, userCaller(request).userId, request.params.id, request.body),
    deleteVisualSignature: async (request) => {
      await visual.deleteVisualSignature(deps, userCaller(request).userId, request.params.id);
    },
    setDefaultVisualSignature: (request) =>
      visual.setDefaultVisualSignature(deps, userCaller(request).userId, request.params.id),
    uploadVisualSignatureImage: async (request) => {
      const { userId } = userCaller(request);
      // The signature is looked up first: an upload for one the caller does not have is not read.
      await visual.getVisualSignature(deps, userId, request.params.id);
      const { png } = await uploadedImage(request, visual.signatureImageRules);
      return visual.setVisualSignatureImage(deps, userId, request.params.id, png);
    },
    deleteVisualSignatureImage: (request) =>
      visual.deleteVisualSignatureImage(deps, userCaller(request).userId, request.params.id),
    visualSignatureImage: async (request, reply) =>
      sendPicture(
        reply,
        await visual.visualSignaturePreview(
          deps,
          userCaller(request).userId,
          request.params.id,
          request.query,
        ),
      ),
    previewVisualSignature: async (request, reply) =>
      sendPicture(reply, await visual.parameterPreview(deps, userCaller(request).userId, request.query)),
  });
}
