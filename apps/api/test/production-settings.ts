/**
 * The documented production settings with example values: all a production start needs with the
 * sandbox off. The providers' hosts are .invalid, so nothing is ever reached through them.
 */
export const productionSettings = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://sign.example.ch',
  TRUST_SERVICES_URL: 'https://qtsp.example.invalid/api',
  QTSP_CLIENT_TOKEN: 'issued-by-the-qtsp-0123456789',
  IDENTIFICATION_URL: 'https://ident.example.invalid/api',
  IDENTIFICATION_CLIENT_TOKEN: 'issued-by-the-provider-0123456789',
  IDENTIFICATION_WEBHOOK_SECRET: 'agreed-with-the-provider-0123456789abcdef',
  ID_AUSTRIA_ISSUER: 'https://eid.example.invalid/idp',
  ID_AUSTRIA_CLIENT_ID: 'signet-example-ch',
  ID_AUSTRIA_CLIENT_SECRET: 'issued-by-id-austria-0123456789',
  STRIPE_API_URL: 'https://payments.example.invalid',
  STRIPE_SECRET_KEY: 'sk_live_issued-by-stripe-0123456789',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_issued-by-stripe-0123456789',
  STRIPE_WEBHOOK_SECRET: 'whsec_issued-by-stripe-0123456789',
  SMTP_URL: 'smtps://signet:secret@mail.example.invalid:465',
  MAIL_FROM: 'Signet <no-reply@example.ch>',
};
