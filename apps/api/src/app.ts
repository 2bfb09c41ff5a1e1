import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase, pgliteDirFor, pingDatabase, type Database, type Db } from './db/client.ts';
import { systemClock, type Clock } from './clock.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './plugins/errors.ts';
import { registerInputChecks } from './plugins/bad-input.ts';
import { allowFraming, registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerAuth } from './plugins/auth.ts';
import { loggerOptions } from './plugins/logging.ts';
import { failOnUndeclaredErrors } from './plugins/endpoints.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { isWebPath, registerStaticWeb } from './plugins/static-web.ts';
import { JobRunner, queueStats } from './jobs/queue.ts';
import { createMailTransport, mailJobKind, type MailMessage, type MailTransport } from './mail/mailer.ts';
import { join } from 'node:path';
import { installationSecret } from './installation-secrets.ts';
import { sandboxAccessSecret } from './sandbox-access-secret.ts';
import { closePdfEngine, pdfEngineUsage } from '@signet/pdf';
import { createBlobStore } from './blobs/create-blob-store.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { validationRoutes } from './modules/validation/validation.routes.ts';
import { trustAnchorSource } from './modules/validation/trust-anchors.ts';
import { signatureRequestsRoutes } from './modules/signature-requests/signature-requests.routes.ts';
import { clearStaleLocks } from './modules/signature-requests/request-locks.service.ts';
import { auditTimestampJobKind, timestampHead } from './modules/signature-requests/audit-trail.service.ts';
import {
  retentionJobKind,
  runRetentionSweep,
  scheduleRetentionSweep,
} from './modules/signature-requests/request-retention.service.ts';
import { signingRoutes } from './modules/signing/signing.routes.ts';
import {
  archiveRenewalJobKind,
  archiveRequest,
  runArchiveRenewal,
  scheduleArchiveRenewal,
} from './modules/signing/archive-timestamps.service.ts';
import { archiveJobKind } from './modules/signature-requests/request-archive.service.ts';
import { signingPageFrameAncestors } from './modules/signature-requests/request-embedding.service.ts';
import { identificationRoutes } from './modules/identification/identification.routes.ts';
import { eidRoutes } from './modules/identification/eid.routes.ts';
import { mobileIdRoutes } from './modules/signing/mobile-id.routes.ts';
import { idAustriaReturnPaths } from './modules/identification/id-austria.service.ts';
import { recordEidEvidence } from './modules/identification/eid-evidence.service.ts';
import { IdAustriaAdapter } from './adapters/id-austria.ts';
import { businessesRoutes } from './modules/businesses/businesses.routes.ts';
import { businessInvitationsRoutes } from './modules/businesses/business-invitations.routes.ts';
import { businessDomainsRoutes } from './modules/businesses/business-domains.routes.ts';
import { businessApiUsersRoutes } from './modules/businesses/business-api-users.routes.ts';
import { businessSsoRoutes } from './modules/businesses/business-sso.routes.ts';
import { apiUserOfToken, authenticateApiUser } from './modules/businesses/business-api-users.service.ts';
import { businessSealsRoutes } from './modules/businesses/business-seals.routes.ts';
import { businessLifecycleRoutes } from './modules/businesses/business-lifecycle.routes.ts';
import {
  businessDeletionJobKind,
  runBusinessDeletion,
} from './modules/businesses/business-deletion.service.ts';
import { businessActivityRoutes } from './modules/businesses/business-activity.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { ChargebeeAdapter } from './adapters/chargebee.ts';
import {
  billingRulesJobKind,
  runBillingRules,
  scheduleBillingRules,
} from './modules/billing/billing-rules.service.ts';
import { seedPlanCatalogue } from './modules/billing/plan-catalogue.ts';
import { businessRetentionTestRoutes } from './modules/businesses/business-retention.routes.ts';
import { businessSettingsRoutes } from './modules/businesses/business-settings.routes.ts';
import { ownerBusiness } from './modules/businesses/business-branding.service.ts';
import {
  completionMailJobKind,
  sendCompletionMail,
} from './modules/signature-requests/completion-mail.service.ts';
import {
  businessRetentionJobKind,
  runBusinessRetention,
  scheduleBusinessRetention,
} from './modules/businesses/business-retention.service.ts';
import { membershipOf, visualSignaturePermissionsOf } from './modules/businesses/businesses.service.ts';
import { visualSignaturesRoutes } from './modules/visual-signatures/visual-signatures.routes.ts';
import { sandboxAccess, trustServicesPlugin } from '@signet/trust-services';
import { RemoteSigningClient } from './adapters/remote-signing.ts';
import { IdentificationProviderClient } from './adapters/identification-provider.ts';
import { SignerAssertions } from './adapters/signer-assertion.ts';
import { dnsTxtLookup } from './adapters/dns-txt.ts';
import { timestampTransport } from './adapters/timestamp-authority.ts';
import { revocationTransports } from './adapters/revocation.ts';
import { PaymentsAdapter, paymentsSettings, stripeWebhookPath } from './adapters/payments.ts';
import { refusePrivateHost } from './adapters/outbound-addresses.ts';
import { platformRoutes, sandboxMailRoutes } from './modules/platform/platform.routes.ts';
import { imagesRoutes } from './modules/images/images.routes.ts';
import { variantCacheDir } from './modules/images/images.service.ts';
import { VariantCache } from './modules/images/variant-cache.ts';
import { webhooksRoutes, webhooksTestRoutes } from './modules/webhooks/webhooks.routes.ts';
import { attemptDelivery, webhookDeliveryJobKind } from './modules/webhooks/webhook-delivery.service.ts';
import { SecretSealer } from './sealed-secrets.ts';
import { Metrics, registerMetrics } from './plugins/metrics.ts';
import { SigningAdmission } from './modules/signing/signing-admission.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    jobs: JobRunner;
    clock: Clock;
    /** Every route with its declared auth policy, for the route-table test and the docs. */
    routeTable: RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  readonly auth: string | undefined;
  /** Whether the route was registered from a contract value (plugins/endpoints.ts). */
  readonly fromContract: boolean;
}

export interface AppOverrides {
  clock?: Clock;
  /** An already open database (tests share one per file). Closed by the caller then. */
  database?: Database;
  mailTransport?: MailTransport;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole API: plugins first, then each module, registered explicitly. */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel, overrides.logStream),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    forceCloseConnections: true,
    // request.ip is the client's address only through proxies named here (see config.ts).
    trustProxy: config.trustProxy,
    frameworkErrors,
    clientErrorHandler,
  });
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Read the policy lazily: plugins that declare it for their routes do so in their own onRoute hook.
    for (const method of methods)
      routeTable.push({
        method,
        url: route.url,
        get auth() {
          return route.config?.auth;
        },
        get fromContract() {
          return route.config?.endpoint !== undefined;
        },
      });
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // Tests hold every error answer to its endpoint's declared codes (plugins/endpoints.ts).
  if (config.env === 'test') failOnUndeclaredErrors(app);
  await registerSecurityHeaders(app, config.publicUrl, config.payments.browserApiUrl);
  registerInputChecks(app);
  // JSON (and multipart where a route says so) only: a text body is refused with 415, not half-parsed.
  app.removeContentTypeParser('text/plain');

  const clock = overrides.clock ?? systemClock;
  const database =
    overrides.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir) }));
  if (!overrides.database) app.addHook('onClose', () => database.close());
  const db = database.db;
  if (database.kind === 'pglite' && !overrides.database) await clearStaleLocks({ db });
  app.decorate('database', database);
  app.decorate('clock', clock);

  const jobs = new JobRunner({ db, clock, log: app.log });
  const deliver =
    overrides.mailTransport ??
    createMailTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, clock });
  jobs.register(mailJobKind, (payload) => deliver(payload as unknown as MailMessage));
  app.decorate('jobs', jobs);
  if (config.jobPollMs !== null) {
    const pollMs = config.jobPollMs;
    app.addHook('onReady', async () => jobs.start(pollMs));
  }
  app.addHook('preClose', () => jobs.stop());

  // Business roles (member, admin) and API users come from the businesses module.
  registerAuth(app, {
    db,
    clock,
    businessRole: membershipOf,
    apiUser: { bySecret: authenticateApiUser, byToken: apiUserOfToken },
    apiUserRateLimit: config.apiUserRateLimit,
  });
  await registerOpenApi(app, config.publicUrl);
  const signingAdmission = new SigningAdmission(config.signingConcurrency);
  const metrics = new Metrics({
    jobQueue: () => queueStats(db, clock.now()),
    engine: pdfEngineUsage,
    signing: () => signingAdmission.usage(),
  });
  registerMetrics(app, metrics, config.metricsToken);

  const deps = { db, clock, publicUrl: config.publicUrl, mailLimitPerAddress: config.mailLimitPerAddress };
  const blobs = await createBlobStore(config);
  // A real QTSP issues the token (production requires it configured); the sandbox takes this one.
  const qtspClientToken = config.qtspClientToken ?? installationSecret(config.dataDir, 'qtsp-client-token');
  // The QTSP authorizes a signature only with Signet's signed word that the signer is present.
  const signerAssertions = await SignerAssertions.forInstallation(config.dataDir);
  const qtsp = new RemoteSigningClient(config.trustServicesUrl, qtspClientToken, signerAssertions, clock);
  const timestamp = timestampTransport(config.trustServicesUrl);
  // Validations (uploads, /validate) trust Signet's own CAs and the operator's TRUST_ANCHORS_FILE.
  const trustAnchors = trustAnchorSource(() => qtsp.caCertificatesDer(), config.trustAnchors, app.log);
  const documentDeps = { ...deps, blobs, pageCacheDir: join(config.dataDir, 'page-cache'), trustAnchors };
  // Like the QTSP's: issued by a real provider (production requires them), generated for the sandbox.
  const identificationClientToken =
    config.identificationClientToken ?? installationSecret(config.dataDir, 'identification-client-token');
  const identificationWebhookSecret =
    config.identificationWebhookSecret ?? installationSecret(config.dataDir, 'identification-webhook-secret');
  const identificationDeps = {
    ...deps,
    providers: new IdentificationProviderClient(config.identificationUrl, identificationClientToken),
    webhookSecret: identificationWebhookSecret,
  };
  // The audit key never enters the database: whoever can write there cannot forge the trail.
  const audit = {
    macKey: Buffer.from(config.auditMacKey ?? installationSecret(config.dataDir, 'audit-mac-key')),
    timestamp,
    trustAnchors: () => qtsp.caCertificatesDer(),
  };
  jobs.register(auditTimestampJobKind, (payload) => timestampHead({ db, clock, audit }, payload));
  // Webhook secrets are kept encrypted under the installation's key (processes sharing a database need the same).
  const webhooksDeps = {
    db,
    clock,
    secrets: new SecretSealer(
      config.webhookEncryptionKey ?? installationSecret(config.dataDir, 'webhook-encryption-key'),
      'webhook secrets v1',
    ),
    limits: {
      allowPrivate: config.outboundAllowPrivateAddresses,
      timeoutMs: 10_000,
      maxResponseBytes: 64 * 1024,
    },
  };
  jobs.register(webhookDeliveryJobKind, (payload) =>
    attemptDelivery({ ...webhooksDeps, log: app.log }, payload),
  );
  const requestDeps = {
    ...documentDeps,
    audit,
    allowPrivateCallbacks: config.outboundAllowPrivateAddresses,
    // Mails of a business member's requests carry the business's logo and, at completion, its files.
    ownerBusiness: (owner: Db, userId: string) => ownerBusiness(owner, config.publicUrl, userId),
  };
  jobs.register(completionMailJobKind, (payload) => sendCompletionMail({ ...requestDeps, deliver }, payload));
  // Seats are configured until billing sets them per plan; deletion waits out the grace period.
  const businessDeps = {
    ...deps,
    seatLimit: config.businessSeatLimit,
    deletionGraceDays: config.businessDeletionGraceDays,
  };
  jobs.register(businessDeletionJobKind, (payload) => runBusinessDeletion(businessDeps, payload));
  jobs.register(retentionJobKind, () => runRetentionSweep(requestDeps));
  // The daily automatic deletion runs wherever jobs run.
  if (config.jobPollMs !== null) app.addHook('onReady', () => scheduleRetentionSweep(db, clock.now()));
  // A business's automatic deletion also removes the files from storage (and records each deletion).
  jobs.register(businessRetentionJobKind, () => runBusinessRetention(documentDeps));
  if (config.jobPollMs !== null) app.addHook('onReady', () => scheduleBusinessRetention(db, clock.now()));
  // Billing: the catalogue Signet starts with, and the hourly rules (trials running out, locking
  // businesses that stay unpaid); the payments provider's events do the rest.
  await seedPlanCatalogue(db);
  const billingDeps = {
    db,
    clock,
    publicUrl: config.publicUrl,
    seatLimit: config.businessSeatLimit,
    graceDays: config.billingGraceDays,
  };
  // Real Stripe (production requires its settings) or the payments sandbox with generated secrets.
  const paymentsAdapter = new PaymentsAdapter(paymentsSettings(config));
  jobs.register(billingRulesJobKind, () => runBillingRules({ ...billingDeps, payments: paymentsAdapter }));
  if (config.jobPollMs !== null) app.addHook('onReady', () => scheduleBillingRules(db, clock.now()));
  // The referral widget's tokens are checked with the same key by every process (see config.ts).
  const referralTokenKey = Buffer.from(
    config.referralTokenKey ?? installationSecret(config.dataDir, 'referral-token-key'),
  );
  // Stops the engine's worker threads at shutdown (they start again on the next call).
  app.addHook('onClose', () => closePdfEngine());
  // Providers are reached over HTTP only, through their adapters (the sandbox too).
  const sandboxPublicUrl = `${config.publicUrl}/sandbox`;
  // Public addresses of the sandbox (in certificates, in ID Austria's metadata) as this server reaches them.
  const toTrustServices = (url: string) =>
    url.startsWith(sandboxPublicUrl) ? config.trustServicesUrl + url.slice(sandboxPublicUrl.length) : url;
  const signingDeps = {
    ...requestDeps,
    qtsp,
    timestamp,
    // Certificates name the sandbox's public address; this server reaches it on its own address.
    revocation: revocationTransports(toTrustServices),
    level: 'B-LT' as const,
    processKey: database.processKey,
    signatures: metrics,
    admission: signingAdmission,
  };
  // Completed documents reach B-LTA in a job after the last signature, and are re-timestamped.
  const archiveDeps = { ...signingDeps, archiveMarginDays: config.archiveRetimestampMarginDays };
  jobs.register(archiveJobKind, (payload) => archiveRequest(archiveDeps, payload));
  jobs.register(archiveRenewalJobKind, () => runArchiveRenewal(archiveDeps));
  if (config.jobPollMs !== null) app.addHook('onReady', () => scheduleArchiveRenewal(db, clock.now()));
  // ID Austria's secret: the embedded sandbox takes the generated one; a real one is configured.
  const idAustriaClient = {
    clientId: config.idAustria.clientId,
    clientSecret:
      config.idAustria.clientSecret ?? installationSecret(config.dataDir, 'id-austria-client-secret'),
    redirectUris: Object.values(idAustriaReturnPaths).map((path) => `${config.publicUrl}${path}`),
  };
  const eidDeps = {
    ...deps,
    idAustria: new IdAustriaAdapter({
      issuer: config.idAustria.issuer,
      ...idAustriaClient,
      rewrite: toTrustServices,
    }),
    recordEvidence: recordEidEvidence({ ...requestDeps, demo: config.idAustria.embedded }),
  };
  // The businesses' single sign-on: client secrets sealed with the installation's key.
  const ssoDeps = {
    ...businessDeps,
    secrets: new SecretSealer(installationSecret(config.dataDir, 'sso-secret-key'), 'sso client secrets v1'),
    rewrite: toTrustServices,
    // An issuer is the admin's choice: never Signet's own network, but for the embedded sandbox's directory.
    checkUrl: async (url: string) => {
      if (config.outboundAllowPrivateAddresses) return;
      if (config.sandboxEnabled && url.startsWith(`${config.trustServicesUrl}/`)) return;
      await refusePrivateHost(url);
    },
  };
  // The site's own pictures, resized on request; one cache for both addresses of the endpoint.
  const imagesDeps = {
    webDist: config.webDist,
    cache: new VariantCache(variantCacheDir(config.dataDir), config.imageCacheBytes),
  };
  await app.register((instance) => imagesRoutes(instance, imagesDeps, config.imagesPath));
  await app.register(
    async (api) => {
      await api.register((instance) => imagesRoutes(instance, imagesDeps));
      await api.register((instance) =>
        accountsRoutes(instance, {
          ...requestDeps,
          referralTokenKey,
          // Businesses decide their members' visual-signature switches (accounts cannot import them).
          visualSignaturePermissions: (db, userId) => visualSignaturePermissionsOf({ db }, userId),
        }),
      );
      await api.register((instance) => documentsRoutes(instance, documentDeps));
      await api.register((instance) => validationRoutes(instance, { db, clock, trustAnchors }));
      await api.register((instance) => signatureRequestsRoutes(instance, requestDeps));
      await api.register((instance) => signingRoutes(instance, signingDeps));
      await api.register((instance) =>
        identificationRoutes(instance, { ...requestDeps, ...identificationDeps }),
      );
      await api.register((instance) => eidRoutes(instance, eidDeps));
      await api.register((instance) => mobileIdRoutes(instance, { qtsp }));
      await api.register((instance) => visualSignaturesRoutes(instance, documentDeps));
      await api.register((instance) => businessesRoutes(instance, { ...deps, env: config.env }));
      await api.register((instance) => businessSealsRoutes(instance, { ...deps, blobs }));
      await api.register((instance) => businessInvitationsRoutes(instance, businessDeps));
      await api.register((instance) => businessSettingsRoutes(instance, { ...deps, blobs }));
      await api.register((instance) =>
        businessLifecycleRoutes(instance, { ...businessDeps, env: config.env }),
      );
      await api.register((instance) =>
        businessDomainsRoutes(instance, { ...businessDeps, dnsTxt: dnsTxtLookup(config.dnsServers) }),
      );
      await api.register((instance) => businessApiUsersRoutes(instance, businessDeps));
      await api.register((instance) => webhooksRoutes(instance, webhooksDeps));
      if (config.env === 'test')
        await api.register((instance) => webhooksTestRoutes(instance, { db, clock, jobs }));
      await api.register((instance) => businessSsoRoutes(instance, ssoDeps));
      await api.register((instance) =>
        businessActivityRoutes(instance, { db, clock, seatLimit: config.businessSeatLimit }),
      );
      await api.register((instance) =>
        businessRetentionTestRoutes(instance, { ...documentDeps, env: config.env }),
      );
      await api.register((instance) =>
        billingRoutes(instance, {
          ...billingDeps,
          payments: paymentsAdapter,
          chargebee: new ChargebeeAdapter({
            siteUrl: config.payments.chargebeeSiteUrl,
            apiKey: config.payments.chargebeeApiKey ?? paymentsSettings(config).secretKey,
          }),
          env: config.env,
        }),
      );
      await api.register((instance) =>
        platformRoutes(instance, {
          ...deps,
          env: config.env,
          readiness: {
            database: () => pingDatabase(db),
            blobStore: () => blobs.check(),
            trustServices: () => qtsp.trustListPem(),
          },
          signerAssertionKeys: () => qtsp.signerAssertionKeys(),
        }),
      );
    },
    { prefix: '/api' },
  );

  if (config.sandboxEnabled) {
    // The embedded payments sandbox takes the installation's Stripe secrets (generated unless configured).
    const payments = paymentsSettings(config);
    const accessSecret = sandboxAccessSecret(config);
    const { guard } = sandboxAccess({ secret: accessSecret, publicBaseUrl: sandboxPublicUrl });
    await app.register((instance) => sandboxMailRoutes(instance, deps, guard), { prefix: '/sandbox' });
    await app.register(trustServicesPlugin, {
      prefix: '/sandbox',
      dataDir: config.dataDir,
      publicBaseUrl: sandboxPublicUrl,
      clientToken: qtspClientToken,
      identificationClientToken,
      identificationWebhookSecret,
      accessSecret,
      signerPublicKey: signerAssertions.publicKey,
      idAustriaClient,
      payments: {
        secretKey: payments.secretKey,
        publishableKey: payments.publishableKey,
        webhook: {
          url: `${config.publicUrl}${stripeWebhookPath}`,
          secret: payments.webhookSecret,
          // Signet's own endpoint, reached in-process: the embedded sandbox needs no network to it.
          transport: async ({ headers, body }) =>
            (await app.inject({ method: 'POST', url: stripeWebhookPath, headers, payload: body })).statusCode,
        },
      },
    });
  }

  const entryPage = await registerStaticWeb(app, config.webDist, {
    mode: config.sandboxEnabled ? 'sandbox' : 'production',
    imagesPath: config.imagesPath,
  });
  app.setNotFoundHandler(async (request, reply) => {
    // Page URLs belong to the web app's router, which shows its own 404 page for unknown ones.
    if (entryPage && request.method === 'GET' && isWebPath(request.url)) {
      // A visitor's signing page (/view/{id}/{signer}) of an embed request: its business's origins may frame it.
      const signingPage = /^\/view\/([0-9a-f-]{36})\/[^/?#]+\/?(?:[?#]|$)/i.exec(request.url);
      const origins = signingPage && (await signingPageFrameAncestors(requestDeps, signingPage[1]!));
      if (origins) allowFraming(reply, origins);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(entryPage(reply.cspNonce.style));
    }
    return reply.status(404).send({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: `No route ${request.method} ${request.url.split('?')[0]}`,
    });
  });

  return app;
}
