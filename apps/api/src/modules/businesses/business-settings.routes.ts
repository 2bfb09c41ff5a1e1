import type { FastifyInstance } from 'fastify';
import { businessSettingsEndpoints } from '@signet/contracts/endpoints/business-settings';
import { businessCaller, callerOf } from '../../plugins/auth.ts';
import { registerEndpoints } from '../../plugins/endpoints.ts';
import { registerMultipart } from '../../plugins/multipart.ts';
import { uploadedImage } from '../../uploaded-image.ts';
import * as branding from './business-branding.service.ts';
import * as extras from './business-extras.service.ts';
import { retentionDeletions } from './business-retention.service.ts';

/** A business's logo, public information, aes4biz, custom extras and automatic-deletion records. */
export async function businessSettingsRoutes(
  app: FastifyInstance,
  deps: branding.BusinessBrandingDeps,
): Promise<void> {
  await registerMultipart(app);
  registerEndpoints(app, businessSettingsEndpoints, {
    uploadLogo: async (request) => {
      const caller = businessCaller(request);
      return branding.uploadLogo(deps, caller, await uploadedImage(request, branding.logoRules));
    },
    deleteLogo: async (request) => {
      await branding.deleteLogo(deps, businessCaller(request));
    },
    logoImage: async (request, reply) => {
      const { businessId, sha256 } = request.params;
      const png = await branding.logoImage(deps, businessId, sha256);
      // The address names the content: it never changes meaning, so anyone may keep it.
      return reply.type('image/png').header('cache-control', 'public, max-age=31536000, immutable').send(png);
    },
    publicInformation: (request) =>
      branding.publicInformation(deps, callerOf(request), request.params.businessId),
    getAes4Biz: (request) => extras.getAes4Biz(deps, businessCaller(request)),
    updateAes4Biz: (request) => extras.updateAes4Biz(deps, businessCaller(request), request.body),
    customExtras: (request) => extras.customExtras(deps, businessCaller(request)),
    retentionDeletions: async (request) => ({
      deletions: await retentionDeletions(deps, businessCaller(request)),
    }),
  });
}
