// Test-only: a person the sandbox identification providers verified, made in-process.
import { sampleDocument } from '../identification/identification-service.js';
import type { Legislation } from '../pki/sandbox-pki.js';
import type { TrustServices } from '../trust-services.js';

/**
 * Runs an identification to success for `person` under `legislation` (by video) and answers its
 * session id: what the RA asks for before it issues a qualified certificate. The webhook goes
 * nowhere (a closed port); its retries end when the services close.
 */
export async function verifiedIdentification(
  services: TrustServices,
  legislation: Legislation,
  person: { firstName: string; lastName: string },
): Promise<string> {
  const { session, pageToken } = await services.identification.create(
    legislation === 'eidas' ? 'srs' : 'intrum',
    {
      method: 'video',
      reference: 'test',
      returnUrl: 'http://localhost/back',
      webhookUrl: 'http://127.0.0.1:9/webhook',
      person,
    },
  );
  await services.identification.finish(services.identification.forPage(session.id, pageToken), {
    status: 'success',
    reading: { ...person, birthDate: sampleDocument.birthDate, documentType: 'identity-card' },
  });
  return session.id;
}
