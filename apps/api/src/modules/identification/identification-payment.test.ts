import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pricePlans } from '../../db/schema/billing.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { databaseKinds, json, visitorLink } from '../../../test/helpers.ts';
import { useTestApp, visitorSignature, type TestUser } from '../../../test/factories.ts';

// GET /v1/(direct/)user/identification/payment/{id}: whether the requester's business pays the
// signer's identification, as its plan's licences say (spec §3 pricePlan.licenses.idents): per
// legislation, for its members (payForMembers) and for the people it invites (payForInvitations).

describe.each(databaseKinds)('who pays an identification on %s', (kind) => {
  const t = useTestApp(kind);
  const path = (id: string) => `/v1/user/identification/payment/${id}`;
  const covered = async (id: string, who: TestUser) => json(await t.call('GET', path(id), who)).covered;
  const onPlan = (businessId: string, plan: string) =>
    t.database.db.update(businesses).set({ pricePlanName: plan }).where(eq(businesses.id, businessId));
  const marked = async (businessId: string, paymentMethod: string) =>
    expect(
      (await t.call('POST', `/test/businesses/${businessId}/billing`, null, { paymentMethod })).statusCode,
    ).toBe(204);

  it("follows the plan's licences: members on Team, invitees too on Pro, per legislation; nobody when the business does not pay", async () => {
    const { admin, member, business } = await t.team();
    const invitee = await t.user();
    const request = await t.request(admin, {
      legislation: 'eidas',
      signatures: [member.email, invitee.email, visitorSignature('visitor@example.ch', 'Vera', 'Visitor')],
    });
    const link = await visitorLink(t, 'visitor@example.ch', request.id);
    const visitorCovered = async () =>
      json(await t.call('GET', `/v1/direct/user/identification/payment/${request.id}`, link)).covered;

    // A new business is on Team (its trial): it pays its members' identifications only.
    expect([
      await covered(request.id, member),
      await covered(request.id, invitee),
      await visitorCovered(),
    ]).toEqual([true, false, false]);
    // Pro pays for the people it invites too, with or without an account.
    await onPlan(business.id, 'pro');
    expect([
      await covered(request.id, member),
      await covered(request.id, invitee),
      await visitorCovered(),
    ]).toEqual([true, true, true]);
    // The licences are the catalogue's, which an operator may change: per legislation.
    await t.database.db
      .update(pricePlans)
      .set({
        idents: {
          eidas: { payForMembers: true, payForInvitations: true },
          zertes: { payForMembers: true, payForInvitations: false },
        },
      })
      .where(eq(pricePlans.plan, 'pro'));
    const zertes = await t.request(admin, {
      legislation: 'zertes',
      signatures: [member.email, invitee.email],
    });
    expect([await covered(zertes.id, member), await covered(zertes.id, invitee)]).toEqual([true, false]);
    expect(await covered(request.id, invitee)).toBe(true);
    // Invoiced by hand: the plan's licences still hold.
    await marked(business.id, 'MANUAL');
    expect(await covered(request.id, invitee)).toBe(true);
    // A business whose trial ran out, or that is locked, pays for nobody.
    for (const state of ['NEEDS_PAYMENT_METHOD', 'BLOCKED']) {
      await marked(business.id, state);
      expect([
        await covered(request.id, member),
        await covered(request.id, invitee),
        await visitorCovered(),
      ]).toEqual([false, false, false]);
    }
    // The free plan pays for nobody either.
    await marked(business.id, 'STRIPE');
    await onPlan(business.id, 'free');
    expect(await covered(request.id, member)).toBe(false);
  });

  it("covers nobody for a free individual's request, and finds no request the caller has no part in", async () => {
    const owner = await t.user();
    const signer = await t.user();
    const stranger = await t.user();
    const request = await t.request(owner, { signatures: [signer.email] });
    expect(await covered(request.id, signer)).toBe(false);
    expect(json(await t.call('GET', path(request.id), stranger))).toMatchObject({
      statusCode: 404,
      code: 'NOT_FOUND',
    });
    const link = await visitorLink(
      t,
      'other@example.ch',
      (await t.request(owner, { signatures: [visitorSignature('other@example.ch', 'O', 'T')] })).id,
    );
    expect(
      (await t.call('GET', `/v1/direct/user/identification/payment/${request.id}`, link)).statusCode,
    ).toBe(404);
  });
});
