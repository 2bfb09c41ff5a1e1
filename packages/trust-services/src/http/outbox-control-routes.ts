import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { revocationReasonCodes, type RevocationReason } from '../revocation/revocation-store.js';
import type { SmsMessage } from '../sms/sms-outbox.js';
import type { TrustServices } from '../trust-services.js';
import { escapeHtml } from './html.js';
import { registerMobileIdPages } from './mobile-id-routes.js';
import type { SandboxGuard } from './sandbox-access.js';

const smsQuery = z.object({ to: z.string().min(1).optional() });
const clockBody = z.union([
  z.object({ offsetMs: z.number().int() }).strict(),
  z.object({ fixed: z.iso.datetime({ offset: true }) }).strict(),
]);
const faultsBody = z
  .object({
    tsaDown: z.boolean().optional(),
    ocspUnknown: z.boolean().optional(),
    slowMs: z.number().int().min(0).max(60_000).optional(),
    idAustriaIdToken: z.enum(['none', 'foreignKey', 'wrongIssuer', 'wrongNonce']).optional(),
  })
  .strict();
const revokeBody = z.object({
  serialNumber: z.string().regex(/^[0-9a-fA-F:]+$/, 'hex'),
  reason: z.enum(Object.keys(revocationReasonCodes) as [RevocationReason, ...RevocationReason[]]).optional(),
  revokedAt: z.iso.datetime({ offset: true }).optional(),
});

function smsPage(messages: SmsMessage[], to: string | undefined): string {
  const rows = messages
    .map(
      (m) =>
        `<tr><td><time datetime="${m.createdAt}">${escapeHtml(m.createdAt)}</time></td><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.text)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Signet sandbox SMS outbox</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.4rem .6rem;text-align:left;vertical-align:top}</style>
</head><body>
<h1>SMS outbox (SIMULATED, nothing is delivered)</h1>
<p>${messages.length} message(s)${to ? ` to ${escapeHtml(to)}` : ''}, newest first. Mobile ID signers approve on the <a href="mobile-id">Mobile ID approvals</a> page instead. <a href="sms.json${to ? `?to=${encodeURIComponent(to)}` : ''}">JSON</a></p>
<table><thead><tr><th>Sent</th><th>To</th><th>Text</th></tr></thead>
<tbody>
${rows}
</tbody></table>
</body></html>
`;
}

/**
 * The SMS outbox and the Mobile ID approvals for people and E2E tests, and the test controls (clock, faults, revocation): SMS
 * codes authorize signatures and the controls change what the trust services attest, so every one of
 * them passes the sandbox access guard first.
 */
export function registerOutboxAndControlRoutes(
  parent: FastifyInstance,
  services: () => TrustServices,
  guard: SandboxGuard,
): void {
  parent.register(async (app) => {
    app.addHook('onRequest', guard);
    registerGuardedRoutes(app, services);
    registerMobileIdPages(app, services);
  });
}

function registerGuardedRoutes(app: FastifyInstance, services: () => TrustServices): void {
  const sms = () => services().sms;
  const control = () => services().control;

  app.get('/sms', async (request, reply) => {
    const { to } = smsQuery.parse(request.query);
    return reply.type('text/html; charset=utf-8').send(smsPage(sms().list(to ? { to } : {}), to));
  });
  app.get('/sms.json', async (request) => {
    const { to } = smsQuery.parse(request.query);
    return { messages: sms().list(to ? { to } : {}) };
  });

  const state = () => ({ clock: control().clock.describe(), faults: control().faults() });
  app.get('/control', async () => state());
  // Each setting: POST sets it from the body, DELETE puts it back; both answer the new state.
  const settings: { path: string; set: (body: unknown) => void; reset: () => void }[] = [
    {
      path: '/control/clock',
      set: (body) => control().setClock(clockBody.parse(body)),
      reset: () => control().resetClock(),
    },
    {
      path: '/control/faults',
      set: (body) => control().setFaults(faultsBody.parse(body)),
      reset: () => control().clearFaults(),
    },
  ];
  for (const { path, set, reset } of settings) {
    app.post(path, async (request) => {
      set(request.body);
      return state();
    });
    app.delete(path, async () => {
      reset();
      return state();
    });
  }
  app.post('/control/revocations', async (request, reply) => {
    const body = revokeBody.parse(request.body);
    const revocation = await services().revokeCertificate(
      body.serialNumber,
      body.reason,
      body.revokedAt ? new Date(body.revokedAt) : undefined,
    );
    return reply.status(201).send(revocation);
  });
}
