import { escapeHtml } from '../http/html.js';
import type { Customer } from './customers.js';
import type { Invoice } from './invoices.js';
import type { PaymentMethod } from './payment-methods.js';
import type { PortalSession } from './portal-sessions.js';
import type { SetupIntent } from './setup-intents.js';
import type { Subscription } from './subscription-model.js';

// The pages a payer meets at the payments sandbox: the card issuer's 3-D Secure challenge, the
// customer portal and an invoice's page. No script: plain forms and links, usable by keyboard and
// screen reader. Every page says the payment is simulated.

const style = `
*{box-sizing:border-box}body{font-family:system-ui,sans-serif;margin:0;color:#1b1b1f;background:#f4f4f6;line-height:1.45}
main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem 3rem}
.banner{background:#7a2e00;color:#fff;padding:.5rem 1rem;text-align:center;font-weight:600}
h1{font-size:1.5rem;margin:.5rem 0}h2{font-size:1.1rem;margin:1.25rem 0 .5rem}
.panel{background:#fff;border-radius:.75rem;padding:1rem 1.25rem;box-shadow:0 1px 3px #0002;margin-bottom:1rem}
.panel>:first-child{margin-top:0}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.25rem}
button,.button{font:inherit;font-weight:600;padding:.65rem 1.1rem;border-radius:.5rem;border:2px solid transparent;cursor:pointer;text-decoration:none;display:inline-block}
button:focus-visible,a:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
.primary{background:#0b6b3a;color:#fff}.danger{background:#fff;color:#a4000f;border-color:#a4000f}.quiet{background:#fff;color:#1b1b1f;border-color:#767680}
.muted{color:#4a4a55}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #ddd}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} - SIMULATED</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>${style}</style>
</head><body>
<div class="banner" role="note">Sandbox: this payment is SIMULATED; no money moves.</div>
<main>
${body}
</main></body></html>
`;
}

const money = (amount: number, currency: string) => `${currency.toUpperCase()} ${(amount / 100).toFixed(2)}`;
const day = (seconds: number | null) =>
  seconds === null ? '—' : new Date(seconds * 1000).toISOString().slice(0, 10);

const methodLabel = (method: PaymentMethod) => {
  const card = method.card as
    { brand: string; last4: string; exp_month: number; exp_year: number } | undefined;
  const sepa = method.sepa_debit as { last4: string; country: string } | undefined;
  return card
    ? `${card.brand} •••• ${card.last4} (expires ${card.exp_month}/${card.exp_year})`
    : `SEPA debit ${sepa?.country ?? ''} •••• ${sepa?.last4 ?? ''}`;
};

/** The issuer's 3-D Secure challenge: the tester completes or fails it. */
export function authenticationPage(
  intent: SetupIntent,
  method: PaymentMethod | undefined,
  action: string,
): string {
  if (intent.status !== 'requires_action')
    return page(
      'Authentication',
      `<h1>Authentication</h1><div class="panel"><p>This authentication has ended (${escapeHtml(intent.status)}).</p></div>`,
    );
  return page(
    'Confirm your card',
    `<h1>Confirm your card</h1>
<div class="panel">
<p>Your bank asks you to confirm that you are setting up ${method ? escapeHtml(methodLabel(method)) : 'this card'} for future payments.</p>
<p class="muted">Sandbox 3-D Secure: choose how the authentication ends.</p>
<form method="post" action="${escapeHtml(action)}">
<div class="actions">
<button class="primary" type="submit" name="outcome" value="complete">Complete authentication</button>
<button class="danger" type="submit" name="outcome" value="fail">Fail authentication</button>
</div>
</form>
</div>`,
  );
}

export function unknownLinkPage(): string {
  return page(
    'Link not valid',
    '<h1>Link not valid</h1><div class="panel"><p>This link is not valid or has expired.</p></div>',
  );
}

/** The customer portal: payment methods, subscriptions and invoices, and the way back. */
export function portalPage(
  session: PortalSession,
  data: { customer: Customer; methods: PaymentMethod[]; subscriptions: Subscription[]; invoices: Invoice[] },
): string {
  const defaultId = data.customer.invoice_settings.default_payment_method;
  const methods = data.methods.length
    ? `<ul>${data.methods.map((method) => `<li>${escapeHtml(methodLabel(method))}${method.id === defaultId ? ' <strong>(default)</strong>' : ''}</li>`).join('')}</ul>`
    : '<p>No payment method is saved.</p>';
  const subscriptions = data.subscriptions.length
    ? `<ul>${data.subscriptions
        .map((subscription) => {
          const item = subscription.items.data[0]!;
          const end = subscription.cancel_at_period_end
            ? `cancels on ${day(subscription.cancel_at)}`
            : `renews on ${day(item.current_period_end)}`;
          return `<li>${escapeHtml(String(item.price.nickname ?? item.price.lookup_key ?? item.price.id))} × ${item.quantity}: ${escapeHtml(subscription.status)}, ${end}</li>`;
        })
        .join('')}</ul>`
    : '<p>No subscription.</p>';
  const invoices = data.invoices.length
    ? `<table><thead><tr><th scope="col">Invoice</th><th scope="col">Date</th><th scope="col">Amount</th><th scope="col">Status</th></tr></thead><tbody>${data.invoices
        .map(
          (invoice) =>
            `<tr><td><a href="${escapeHtml(String(invoice.invoice_pdf))}">${escapeHtml(String(invoice.number))}</a></td><td>${day(invoice.created)}</td><td>${money(invoice.total, invoice.currency)}</td><td>${escapeHtml(invoice.status)}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : '<p>No invoice yet.</p>';
  const back = session.return_url
    ? `<div class="actions"><a class="button primary" href="${escapeHtml(session.return_url)}">Return to Signet</a></div>`
    : '';
  return page(
    'Billing portal',
    `<h1>Billing portal</h1>
<p class="muted">${escapeHtml(data.customer.name ?? '')} ${escapeHtml(data.customer.email ?? '')}</p>
<section class="panel" aria-labelledby="methods"><h2 id="methods">Payment methods</h2>${methods}</section>
<section class="panel" aria-labelledby="subscriptions"><h2 id="subscriptions">Subscriptions</h2>${subscriptions}</section>
<section class="panel" aria-labelledby="invoices"><h2 id="invoices">Invoices</h2>${invoices}</section>
${back}`,
  );
}

/** Chargebee's customer portal (sandbox): whose it is, and the way back. */
export function chargebeePortalPage(session: { customer_id: string; redirect_url: string | null }): string {
  const back = session.redirect_url
    ? `<div class="actions"><a class="button primary" href="${escapeHtml(session.redirect_url)}">Return to Signet</a></div>`
    : '';
  return page(
    'Chargebee portal',
    `<h1>Chargebee portal</h1>
<section class="panel" aria-labelledby="account"><h2 id="account">Account</h2>
<p>Customer <strong>${escapeHtml(session.customer_id)}</strong> is billed through Chargebee (sandbox). Its subscription, payment methods and invoices are kept there.</p></section>
${back}`,
  );
}

/** An invoice's hosted page. */
export function invoicePage(invoice: Invoice): string {
  const lines = (invoice.lines as { data: { description: string; amount: number }[] }).data;
  return page(
    `Invoice ${String(invoice.number)}`,
    `<h1>Invoice ${escapeHtml(String(invoice.number))}</h1>
<div class="panel">
<p>${day(invoice.created)} · ${escapeHtml(invoice.status)}</p>
<table><tbody>${lines.map((line) => `<tr><td>${escapeHtml(line.description)}</td><td>${money(line.amount, invoice.currency)}</td></tr>`).join('')}
<tr><th scope="row">Total</th><td>${money(invoice.total, invoice.currency)}</td></tr>
<tr><th scope="row">Amount due</th><td>${money(invoice.amount_due, invoice.currency)}</td></tr></tbody></table>
<div class="actions"><a class="button quiet" href="${escapeHtml(String(invoice.invoice_pdf))}">Download PDF</a></div>
</div>`,
  );
}
