import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { billingEndpoints } from '@signet/contracts/endpoints/billing';
import { businessCaller, userCaller } from '../../plugins/auth.ts';
import { registerEndpoints } from '../../plugins/endpoints.ts';
import { keepRawJsonBodies } from '../../plugins/raw-json-body.ts';
import { seatsOf } from '../businesses/business-seats.service.ts';
import type { BillingDeps } from './billing-deps.ts';
import { sweepBillingRules } from './billing-rules.service.ts';
import type { PlanMovesDeps } from './plan-moves.service.ts';
import * as billing from './billing.service.ts';
import * as direct from './direct-upgrade.service.ts';
import type { PaymentsPort } from './payments-port.ts';
import { receivePaymentsEvent } from './payments-events.service.ts';
import * as paymentMethods from './payment-methods.service.ts';
import { validatePromo } from './promo-codes.service.ts';
import * as subscriptions from './subscriptions.service.ts';
import * as changes from './subscription-changes.service.ts';
import { referralCode } from './referral-codes.service.ts';
import { subscriptionUsage } from './subscription-usage.service.ts';

/** Plans and prices, a business's billing state, and the payment provider's events. */
export async function billingRoutes(
  app: FastifyInstance,
  deps: BillingDeps & { payments: PaymentsPort; chargebee: changes.ChargebeePort; env: string },
): Promise<void> {
  // Stripe signs the exact bytes it sends.
  const rawBodyOf = keepRawJsonBodies(app);

  /** The business's seats in use and its billing information now. */
  const seatsNow = (businessId: string) => seatsOf(deps.db, businessId, deps.clock.now(), deps.seatLimit);
  const billingNow = async (businessId: string) =>
    billing.billingInformation(deps, businessId, await seatsNow(businessId));

  registerEndpoints(app, billingEndpoints, {
    listPricePlans: (request) => billing.listPricePlans(deps, userCaller(request).userId, request.query),
    billingInformation: (request) => billingNow(businessCaller(request).businessId),
    createSetupIntent: async (request) => ({
      setupIntent: await paymentMethods.createSetupIntent(
        deps,
        businessCaller(request).businessId,
        request.body,
      ),
    }),
    setupIntent: async (request) => ({
      setupIntent: await paymentMethods.setupIntentOf(
        deps,
        businessCaller(request).businessId,
        request.params.intentId,
      ),
    }),
    paymentMethods: (request) => paymentMethods.paymentMethodsOf(deps, businessCaller(request).businessId),
    upgradePreview: async (request) => {
      const { businessId } = businessCaller(request);
      const { used } = await seatsNow(businessId);
      return subscriptions.previewUpgrade(deps, businessId, request.body, used);
    },
    upgrade: async (request) => {
      const { businessId } = businessCaller(request);
      const { used } = await seatsNow(businessId);
      return subscriptions.upgrade(deps, businessId, request.body, used, () => billingNow(businessId));
    },
    seatsPreview: async (request) => {
      const { businessId } = businessCaller(request);
      const choice = await changes.seatsChange(deps, businessId, request.body.seats);
      return subscriptions.previewUpgrade(deps, businessId, choice, (await seatsNow(businessId)).used);
    },
    changeSeats: async (request) => {
      const { businessId } = businessCaller(request);
      const choice = await changes.seatsChange(deps, businessId, request.body.seats);
      const { used } = await seatsNow(businessId);
      return subscriptions.upgrade(deps, businessId, choice, used, () => billingNow(businessId));
    },
    cancelSubscription: (request) => {
      const { businessId } = businessCaller(request);
      return changes.cancelAtPeriodEnd(deps, businessId, true, () => billingNow(businessId));
    },
    reactivateSubscription: (request) => {
      const { businessId } = businessCaller(request);
      return changes.cancelAtPeriodEnd(deps, businessId, false, () => billingNow(businessId));
    },
    scheduleNextPlan: (request) => {
      const { businessId } = businessCaller(request);
      const next = request.body.plan;
      return changes.cancelAtPeriodEnd(deps, businessId, true, () => billingNow(businessId), next);
    },
    planMigration: (request) => billing.planMigration(deps, businessCaller(request).businessId),
    acknowledgePlanMigration: (request) =>
      billing.acknowledgePlanMigration(deps, businessCaller(request).businessId),
    portalSession: (request) =>
      changes.portalSession(deps, businessCaller(request).businessId, request.query.redirectUrl),
    subscriptionUsage: async (request) => {
      const { businessId } = businessCaller(request);
      return subscriptionUsage(deps, businessId, (await seatsNow(businessId)).used);
    },
    referralCode: (request) => referralCode(deps, businessCaller(request).businessId),
    chargebeePortalSession: (request) =>
      changes.chargebeePortalSession(deps, businessCaller(request).businessId, request.body.redirectUrl),
    invoices: (request) => changes.invoicesOf(deps, businessCaller(request).businessId),
    validatePromo: (request) => validatePromo(deps, request.body),
    directSetupIntent: (request) => direct.directSetupIntent(deps, userCaller(request).userId, request.body),
    directValidatePromo: (request) => validatePromo(deps, request.body),
    directPreview: (request) => subscriptions.previewNewSubscription(deps, request.body),
    directConfirm: (request) =>
      direct.directConfirm(deps, userCaller(request).userId, request.body, billingNow),
    paymentsEvent: (request) => {
      const signature = request.headers['stripe-signature'];
      return receivePaymentsEvent(deps, {
        rawBody: rawBodyOf(request),
        signature: typeof signature === 'string' ? signature : undefined,
        event: request.body,
      });
    },
  });

  if (deps.env === 'test') registerBillingRulesForTests(app, deps);
}

const SweepForTestsBody = z.strictObject({ asOf: z.iso.datetime() });

/**
 * Lets the end-to-end tests run the billing rules as of another instant (the server under test keeps
 * the real clock): the hourly job's own sweep with a clock fixed at `asOf`. Registered only when
 * NODE_ENV=test, hidden from the API's description.
 */
function registerBillingRulesForTests(app: FastifyInstance, deps: BillingDeps & PlanMovesDeps): void {
  app.withTypeProvider<ZodTypeProvider>().post('/test/jobs/billing-rules', {
    config: { auth: 'public' },
    schema: { hide: true, body: SweepForTestsBody },
    handler: async (request) => {
      const asOf = new Date(request.body.asOf);
      return sweepBillingRules({ ...deps, clock: { now: () => asOf } });
    },
  });
}
