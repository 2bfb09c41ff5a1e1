import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Customer } from './customers.js';
import { invoiceForPage, type Invoice } from './invoices.js';
import { invoicePdf } from './invoice-pdf.js';
import { authenticationPage, invoicePage, portalPage, unknownLinkPage } from './payment-pages.js';
import type { PaymentsContext } from './payments-context.js';
import type { PaymentMethod } from './payment-methods.js';
import { portalForPage } from './portal-sessions.js';
import { finishAuthentication, intentForPage } from './setup-intents.js';
import type { Subscription } from './subscription-model.js';

const link = z.object({ id: z.string().max(100), token: z.string().max(100) });
const outcome = z.object({ outcome: z.enum(['complete', 'fail']) });

/** The payer's pages, each reached through a link that carries its own random token. */
export function registerPaymentPages(app: FastifyInstance, ctx: PaymentsContext): void {
  const html = (status: number, body: string) => ({ status, body });
  app.register(async (pages) => {
    pages.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    pages.get('/pages/authenticate/:id/:token', async (request, reply) => {
      const { id, token } = link.parse(request.params);
      const intent = intentForPage(ctx, id, token);
      const page = intent
        ? html(
            200,
            authenticationPage(
              intent,
              intent.payment_method ? (ctx.store.find(intent.payment_method) as PaymentMethod) : undefined,
              request.url,
            ),
          )
        : html(404, unknownLinkPage());
      return reply.status(page.status).type('text/html; charset=utf-8').send(page.body);
    });
    pages.post('/pages/authenticate/:id/:token', async (request, reply) => {
      const { id, token } = link.parse(request.params);
      const intent = intentForPage(ctx, id, token);
      if (!intent) return reply.status(404).type('text/html; charset=utf-8').send(unknownLinkPage());
      const form = outcome.parse(Object.fromEntries(new URLSearchParams(String(request.body ?? ''))));
      const back = finishAuthentication(ctx, intent, form.outcome);
      await ctx.store.save();
      return reply.redirect(back, 303);
    });
    pages.get('/pages/portal/:id/:token', async (request, reply) => {
      const { id, token } = link.parse(request.params);
      const session = portalForPage(ctx, id, token);
      if (!session) return reply.status(404).type('text/html; charset=utf-8').send(unknownLinkPage());
      const customer = ctx.store.get<Customer>('customer', session.customer);
      const body = portalPage(session, {
        customer,
        methods: ctx.store.all<PaymentMethod>('payment_method').filter((m) => m.customer === customer.id),
        subscriptions: ctx.store.all<Subscription>('subscription').filter((s) => s.customer === customer.id),
        invoices: ctx.store.all<Invoice>('invoice').filter((i) => i.customer === customer.id),
      });
      return reply.type('text/html; charset=utf-8').send(body);
    });
    pages.get('/pages/invoices/:id/:token', async (request, reply) => {
      const { id, token } = link.parse(request.params);
      const invoice = invoiceForPage(ctx, id, token);
      if (!invoice) return reply.status(404).type('text/html; charset=utf-8').send(unknownLinkPage());
      return reply.type('text/html; charset=utf-8').send(invoicePage(invoice));
    });
    pages.get('/pages/invoices/:id/:token/pdf', async (request, reply) => {
      const { id, token } = link.parse(request.params);
      const invoice = invoiceForPage(ctx, id, token);
      if (!invoice) return reply.status(404).type('text/html; charset=utf-8').send(unknownLinkPage());
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${String(invoice.number)}.pdf"`)
        .send(invoicePdf(invoice));
    });
  });
}
