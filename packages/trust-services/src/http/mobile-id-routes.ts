import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { MobileIdApproval, MobileIdRegistration } from '../mobile-id/mobile-id-service.js';
import type { TrustServices } from '../trust-services.js';
import { acceptHtmlForms, escapeHtml } from './html.js';

const userParams = z.object({ userID: z.string().min(1).max(200) });
const registerBody = z.object({
  mobile: z.string().regex(/^\+[1-9]\d{6,14}$/, 'an E.164 number such as +41791234567'),
});
const decisionForm = z.object({ id: z.uuid(), decision: z.enum(['approve', 'decline']) });

/** What the client learns about a registration (the approval stays between the QTSP and the phone). */
const registrationView = ({ mobile, status, createdAt, registeredAt }: MobileIdRegistration) => ({
  mobile,
  status,
  createdAt,
  ...(registeredAt ? { registeredAt } : {}),
});

/**
 * The Mobile ID registration API for the QTSP's client (registered inside the client-token context of
 * the CSC routes): register or replace a person's phone, read it, remove it.
 */
export function registerMobileIdClientRoutes(client: FastifyInstance, services: () => TrustServices): void {
  const mobileId = () => services().mobileId;
  client.put('/mobile-id/v1/registrations/:userID', async (request, reply) => {
    const { userID } = userParams.parse(request.params);
    const { mobile } = registerBody.parse(request.body);
    return reply.status(201).send(registrationView(await mobileId().register(userID, mobile)));
  });
  client.get('/mobile-id/v1/registrations/:userID', async (request) =>
    registrationView(mobileId().registration(userParams.parse(request.params).userID)),
  );
  client.delete('/mobile-id/v1/registrations/:userID', async (request, reply) => {
    await mobileId().remove(userParams.parse(request.params).userID);
    return reply.status(204).send();
  });
}

function approvalRow(approval: MobileIdApproval): string {
  const buttons =
    approval.status === 'PENDING'
      ? `<form method="post" action="mobile-id/decisions"><input type="hidden" name="id" value="${approval.id}">
<button name="decision" value="approve" aria-label="Approve: ${escapeHtml(approval.text)}">Approve</button>
<button name="decision" value="decline" aria-label="Decline: ${escapeHtml(approval.text)}">Decline</button></form>`
      : escapeHtml(approval.status.toLowerCase());
  return `<tr id="approval-${approval.id}" data-status="${approval.status}"><td><time datetime="${approval.createdAt}">${escapeHtml(approval.createdAt)}</time></td><td>${escapeHtml(approval.mobile)}</td><td>${escapeHtml(approval.text)}</td><td>${buttons}</td></tr>`;
}

function approvalsPage(approvals: MobileIdApproval[]): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Signet sandbox Mobile ID approvals</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.4rem .6rem;text-align:left;vertical-align:top}button{font:inherit;margin:.2rem}</style>
</head><body><main>
<h1>Mobile ID approvals (SIMULATED phone app)</h1>
<p>What the QTSP asks registered phones, newest first: approve or decline as the phone's owner would. Codes sent by SMS are in the <a href="sms">SMS outbox</a>. <a href="mobile-id.json">JSON</a></p>
<table><thead><tr><th>Asked</th><th>Phone</th><th>Question</th><th>Answer</th></tr></thead>
<tbody>
${approvals.map(approvalRow).join('\n')}
</tbody></table>
</main></body></html>
`;
}

/**
 * The stand-in for the phone app: the list of questions to the registered phones, each with Approve
 * and Decline. Registered where the sandbox access guard applies: an approval releases a signature.
 */
export function registerMobileIdPages(app: FastifyInstance, services: () => TrustServices): void {
  const mobileId = () => services().mobileId;
  app.register(async (pages) => {
    acceptHtmlForms(pages);
    pages.get('/mobile-id', async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(approvalsPage(mobileId().list())),
    );
    pages.get('/mobile-id.json', async () => ({ approvals: mobileId().list() }));
    pages.post('/mobile-id/decisions', async (request, reply) => {
      const { id, decision } = decisionForm.parse(request.body);
      await mobileId().decide(id, decision === 'approve');
      return reply.redirect(`../mobile-id#approval-${id}`, 303);
    });
  });
}
