import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CscError } from '../csc/csc-error.js';
import { signerAssertionAuthDataId } from '../csc/signer-assertion.js';
import { certificateProfiles, legislations } from '../pki/sandbox-pki.js';
import { smsLanguages } from '../sms/sms-texts.js';
import type { TrustServices } from '../trust-services.js';
import { registerMobileIdClientRoutes } from './mobile-id-routes.js';

const credentialId = z.string().min(1).max(100);
const hashes = z.array(z.string().min(1).max(200)).min(1).max(100);
const oidString = z.string().regex(/^\d+(\.\d+)+$/, 'an object identifier');
/** CSC v2 authentication objects; the signer assertion travels as one (id signer_assertion). */
const authData = z
  .array(z.object({ id: z.string().min(1).max(64), value: z.string().min(1).max(8192) }))
  .max(10)
  .optional();
const withSignerAssertion = (given: Array<{ id: string; value: string }> | undefined) => {
  const signerAssertion = given?.find((entry) => entry.id === signerAssertionAuthDataId)?.value;
  return signerAssertion ? { signerAssertion } : {};
};

const enrolBody = z.object({
  givenName: z.string().trim().min(1).max(64).optional(),
  surname: z.string().trim().min(1).max(64).optional(),
  email: z.email().optional(),
  mobile: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, 'an E.164 number such as +41791234567')
    .optional(),
  quality: z.enum(certificateProfiles),
  sealLevel: z.enum(['aes', 'qes']).optional(),
  legislation: z.enum(legislations),
  language: z.enum(smsLanguages).optional(),
  serialNumber: z.string().trim().min(1).max(64).optional(),
  organization: z.string().trim().min(1).max(64).optional(),
  commonName: z.string().trim().min(1).max(64).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2')
    .optional(),
  validityMinutes: z.number().int().min(1).optional(),
  userID: z.string().min(1).max(200).optional(),
  authMode: z.enum(['implicit', 'explicit']).optional(),
  identificationId: z.string().min(1).max(100).optional(),
});
const listBody = z.object({ userID: z.string().min(1).optional(), onlyValid: z.boolean().optional() });
const infoBody = z.object({
  credentialID: credentialId,
  certificates: z.enum(['none', 'single', 'chain']).optional(),
});
const otpBody = z.object({ credentialID: credentialId });
const authorizeBody = z.object({
  credentialID: credentialId,
  numSignatures: z.number().int().min(1),
  hashes,
  hashAlgorithmOID: oidString.optional(),
  OTP: z.string().min(1).max(20).optional(),
  authData,
});
const signHashBody = z.object({
  credentialID: credentialId,
  SAD: z.string().min(1).max(200),
  hashes,
  hashAlgorithmOID: oidString.optional(),
  signAlgo: oidString,
  operationMode: z.literal('S').optional(),
});
const stepUpBody = z.object({
  credentialID: credentialId,
  hashes,
  hashAlgorithmOID: oidString.optional(),
  serialNumber: z.string().min(1).max(64).optional(),
  language: z.enum(smsLanguages).optional(),
  secondFactor: z.enum(['sms', 'mobile-id']).optional(),
  authData,
});
const respondBody = z.object({ secret: z.string().min(1).max(20) });
const responseIdParams = z.object({ responseId: z.uuid() });

/** The remote-signing API: CSC v2 methods, the sandbox RA, the QES step-up (TAN) flow and Mobile ID. */
export function registerCscRoutes(
  app: FastifyInstance,
  services: () => TrustServices,
  clientToken: string,
): void {
  const expected = Buffer.from(`Bearer ${clientToken}`);
  const requireClient = async (request: FastifyRequest) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new CscError(401, 'invalid_token', 'A valid client bearer token is required');
  };
  const csc = () => services().csc;
  const stepUp = () => services().stepUp;

  // Public per CSC v2 §11.1: clients discover the service before they authenticate.
  app.post('/csc/v2/info', async () => csc().info());

  app.register(async (client) => {
    client.addHook('onRequest', requireClient);

    client.post('/ra/v1/enrol', async (request, reply) =>
      reply.status(201).send(await csc().enrol(enrolBody.parse(request.body))),
    );
    client.post('/csc/v2/credentials/list', async (request) =>
      csc().listCredentials(listBody.parse(request.body ?? {})),
    );
    client.post('/csc/v2/credentials/info', async (request) =>
      csc().credentialInfo(infoBody.parse(request.body)),
    );
    client.post('/csc/v2/credentials/sendOTP', async (request, reply) => {
      await csc().sendOtp(otpBody.parse(request.body));
      return reply.status(204).send();
    });
    client.post('/csc/v2/credentials/authorize', async (request) => {
      const { authData: given, ...body } = authorizeBody.parse(request.body);
      return csc().authorize({ ...body, ...withSignerAssertion(given) });
    });
    client.post('/csc/v2/signatures/signHash', async (request) =>
      csc().signHash(signHashBody.parse(request.body)),
    );

    client.post('/csc/v2/stepup', async (request, reply) => {
      const { authData: given, ...body } = stepUpBody.parse(request.body);
      return reply.status(201).send(await stepUp().start({ ...body, ...withSignerAssertion(given) }));
    });
    client.get('/csc/v2/stepup/:responseId', async (request) =>
      stepUp().get(responseIdParams.parse(request.params).responseId),
    );
    client.post('/csc/v2/stepup/:responseId/respond', async (request) =>
      stepUp().respond(
        responseIdParams.parse(request.params).responseId,
        respondBody.parse(request.body).secret,
      ),
    );
    client.post('/csc/v2/stepup/:responseId/resend', async (request) =>
      stepUp().resend(responseIdParams.parse(request.params).responseId),
    );
    client.post('/csc/v2/stepup/:responseId/cancel', async (request) =>
      stepUp().cancel(responseIdParams.parse(request.params).responseId),
    );
    registerMobileIdClientRoutes(client, services);
  });
}
