import type { FastifyInstance, FastifyReply } from 'fastify';
import { visualSignatureEndpoints } from '@signet/contracts/endpoints/visual-signatures';
import { AppError } from '../../errors.ts';
import { userCaller } from '../../plugins/auth.ts';
import { registerEndpoints } from '../../plugins/endpoints.ts';
import { multipartParts, registerMultipart } from '../../plugins/multipart.ts';
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
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data.');
      for await (const part of multipartParts(request)) {
        if (part.type !== 'file' || part.fieldname !== 'image') continue;
        return visual.setVisualSignatureImage(deps, userId, request.params.id, part.file);
      }
      throw new AppError('VALIDATION_FAILED', 'Attach the PNG or JPEG as an `image` part.', {
        field: 'image',
      });
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
