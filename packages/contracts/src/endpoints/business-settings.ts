import {
  Aes4Biz,
  BusinessPublicInformation,
  CustomExtras,
  LogoParams,
  maxLogoBytes,
  RetentionDeletionList,
  UpdateAes4BizBody,
} from '../business-branding.ts';
import { BusinessLogo, BusinessParams } from '../businesses.ts';
import { defineEndpoint } from '../endpoint.ts';

const tags = ['Business settings'];

/**
 * A business's branding, aes4biz, custom extras and automatic-deletion records (spec §7 Business;
 * the settings themselves: GET/PUT .../settings in businesses.ts). The admins' calls answer 404
 * for another business.
 */
export const businessSettingsEndpoints = {
  uploadLogo: defineEndpoint({
    method: 'POST',
    path: '/v1/businesses/:businessId/branding/logo',
    auth: 'admin',
    summary:
      'Set the company logo (multipart, one `logo` part: PNG, JPEG or WebP, at most 2 MB; SVG is refused); re-encoded as PNG of at most 512 px',
    tags,
    params: BusinessParams,
    multipart: true,
    bodyLimit: maxLogoBytes + 64 * 1024,
    status: 200,
    response: BusinessLogo,
    errors: ['IMAGE_NOT_SUPPORTED', 'IMAGE_TOO_MANY_PIXELS'],
  }),
  deleteLogo: defineEndpoint({
    method: 'DELETE',
    path: '/v1/businesses/:businessId/branding/logo',
    auth: 'admin',
    summary: 'Remove the company logo',
    tags,
    params: BusinessParams,
    status: 204,
    errors: [],
  }),
  logoImage: defineEndpoint({
    method: 'GET',
    path: '/v1/businesses/:businessId/branding/logo/:sha256',
    auth: 'public',
    summary:
      'The company logo (PNG), at the address settings.companyBranding.logo.url gives; public, as mail clients load it without a session; 404 once replaced',
    tags,
    params: LogoParams,
    status: 200,
    response: { binary: ['image/png'] },
    errors: ['NOT_FOUND'],
  }),
  publicInformation: defineEndpoint({
    method: 'GET',
    path: '/v2/businesses/:businessId/public-information',
    visitorPath: '/v2/direct/businesses/:businessId/public-information',
    auth: 'user',
    summary:
      "The business's name and logo, for pages that show whom a request comes from; a visitor sees only the business of their request",
    tags,
    params: BusinessParams,
    status: 200,
    response: BusinessPublicInformation,
    errors: ['NOT_FOUND'],
  }),
  getAes4Biz: defineEndpoint({
    method: 'GET',
    path: '/v1/businesses/:businessId/aes4biz',
    auth: 'admin',
    summary: 'aes4biz: representative, commercial register and the verified domains',
    tags,
    params: BusinessParams,
    status: 200,
    response: Aes4Biz,
    errors: [],
  }),
  updateAes4Biz: defineEndpoint({
    method: 'PUT',
    path: '/v1/businesses/:businessId/aes4biz',
    auth: 'admin',
    summary: 'Change the aes4biz representative or commercial register; what is left out stays',
    tags,
    params: BusinessParams,
    body: UpdateAes4BizBody,
    status: 200,
    response: Aes4Biz,
    errors: [],
  }),
  customExtras: defineEndpoint({
    method: 'GET',
    path: '/v1/businesses/:businessId/customextras',
    auth: 'admin',
    summary: "What the business configured beyond a new business's defaults",
    tags,
    params: BusinessParams,
    status: 200,
    response: CustomExtras,
    errors: [],
  }),
  retentionDeletions: defineEndpoint({
    method: 'GET',
    path: '/v1/businesses/:businessId/retention-deletions',
    auth: 'admin',
    summary: 'Requests automatic deletion removed (the latest 100, newest first)',
    tags,
    params: BusinessParams,
    status: 200,
    response: RetentionDeletionList,
    errors: [],
  }),
};
