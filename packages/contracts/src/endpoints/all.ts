import type { Endpoint } from '../endpoint.ts';
import { accountEndpoints } from './accounts.ts';
import { billingEndpoints } from './billing.ts';
import { businessActivityEndpoints } from './business-activity.ts';
import { businessApiUserEndpoints } from './business-api-users.ts';
import { businessDomainEndpoints } from './business-domains.ts';
import { businessSealEndpoints } from './business-seals.ts';
import { businessSsoEndpoints } from './business-sso.ts';
import { businessLifecycleEndpoints } from './business-lifecycle.ts';
import { businessSettingsEndpoints } from './business-settings.ts';
import { businessWebhookEndpoints } from './business-webhooks.ts';
import { businessSignupEndpoints } from './business-signup.ts';
import { businessEndpoints, businessInvitationEndpoints } from './businesses.ts';
import { documentEndpoints } from './documents.ts';
import { eidEndpoints } from './eid.ts';
import { identificationEndpoints } from './identification.ts';
import { imageEndpoints } from './images.ts';
import { mobileIdEndpoints } from './mobile-id.ts';
import { platformEndpoints } from './platform.ts';
import { requestParticipantEndpoints } from './request-participants.ts';
import { signatureRequestEndpoints } from './signature-requests.ts';
import { signingEndpoints } from './signing.ts';
import { validationEndpoints } from './validation.ts';
import { visualSignatureEndpoints } from './visual-signatures.ts';

/**
 * Every call of the API, for the check that each has its route and each API route its contract
 * value (apps/api/src/plugins/endpoints.test.ts). A new group is added here.
 */
export const allEndpoints: readonly Endpoint[] = [
  accountEndpoints,
  billingEndpoints,
  businessEndpoints,
  businessActivityEndpoints,
  businessApiUserEndpoints,
  businessDomainEndpoints,
  businessSignupEndpoints,
  businessInvitationEndpoints,
  businessSealEndpoints,
  businessLifecycleEndpoints,
  businessSettingsEndpoints,
  businessWebhookEndpoints,
  businessSsoEndpoints,
  documentEndpoints,
  eidEndpoints,
  identificationEndpoints,
  imageEndpoints,
  mobileIdEndpoints,
  platformEndpoints,
  requestParticipantEndpoints,
  signatureRequestEndpoints,
  signingEndpoints,
  validationEndpoints,
  visualSignatureEndpoints,
].flatMap((group) => Object.values(group));
