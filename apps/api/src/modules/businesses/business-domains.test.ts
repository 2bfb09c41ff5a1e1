import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessDomain } from '@signet/contracts/business-domains';
import type { Business } from '@signet/contracts/businesses';
import { startLoopbackDns, type LoopbackDns } from '../../../test/dns-server.ts';
import { cast, useTestApp, type TestBusiness, type TestUser } from '../../../test/factories.ts';
import { databaseKinds, json } from '../../../test/helpers.ts';

/**
 * Business domains against a real DNS server on loopback: claimed by an admin, verified only when
 * the TXT record Signet names is published, counted in the business once verified, and never
 * verified for two businesses.
 */
describe.each(databaseKinds)('business domains on %s', (kind) => {
  let dns: LoopbackDns;
  // Filled before the app starts (the hooks run in order). Three seats: the admin, the member and one joiner.
  const env: Record<string, string> = { BUSINESS_SEAT_LIMIT: '3' };
  beforeAll(async () => {
    dns = await startLoopbackDns();
    env.DNS_SERVERS = dns.address;
  });
  afterAll(() => dns.close());
  const t = useTestApp(kind, { env, users: cast('admin', 'member', 'rival', 'loner') });
  const { admin, member, rival, loner } = t.users;
  let acme: TestBusiness;
  let rivalBusiness: TestBusiness;
  const domainsOf = (business: TestBusiness) => `/v1/businesses/${business.id}/domains`;
  const publish = (record: BusinessDomain['txtRecord']) => dns.zone.set(record.name, [record.value]);

  beforeAll(async () => {
    acme = await t.business(admin, { name: 'Acme AG' });
    await t.member(acme, member);
    rivalBusiness = await t.business(rival, { name: 'Rival GmbH' });
  });

  it('an admin claims a domain and gets the TXT record to publish; it does not count yet', async () => {
    const added = await t.call('POST', domainsOf(acme), admin, { domain: 'Acme.CH.' });
    expect(added.statusCode, added.body).toBe(201);
    const claim = json<BusinessDomain>(added);
    expect(claim).toMatchObject({ domain: 'acme.ch', verified: false, verifiedAt: null, checkedAt: null });
    expect(claim.txtRecord.name).toBe('_signet-verification.acme.ch');
    expect(claim.txtRecord.value).toMatch(/^signet-domain-verification=[\w-]{24}$/);

    expect(json<{ domains: BusinessDomain[] }>(await t.call('GET', domainsOf(acme), admin)).domains).toEqual([
      claim,
    ]);
    expect(json<Business>(await t.call('GET', `/v1/businesses/${acme.id}`, admin)).domains).toEqual([]);

    const twice = await t.call('POST', domainsOf(acme), admin, { domain: 'acme.ch' });
    expect(twice.statusCode).toBe(409);
    expect(json(twice)).toMatchObject({ code: 'DOMAIN_TAKEN', field: 'domain' });
  });

  it('refuses what is not a host name, naming the field', async () => {
    for (const domain of ['acme', '[192.0.2.1]', 'acme..ch', '-acme.ch', 'a'.repeat(250) + '.ch', 42]) {
      const refused = await t.call('POST', domainsOf(acme), admin, { domain });
      expect(refused.statusCode, String(domain)).toBe(400);
      expect(json(refused)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.domain' });
    }
  });

  it('verifies only when the DNS has the record with the value Signet gave', async () => {
    const verify = () => t.call('POST', `${domainsOf(acme)}/acme.ch/verify`, admin);
    const missing = await verify();
    expect(missing.statusCode).toBe(409);
    expect(json(missing)).toMatchObject({ code: 'DOMAIN_NOT_VERIFIED', details: { dnsFinding: 'noRecord' } });

    const [claim] = json<{ domains: BusinessDomain[] }>(await t.call('GET', domainsOf(acme), admin)).domains;
    expect(claim?.checkedAt).not.toBeNull();
    dns.zone.set(claim!.txtRecord.name, ['v=spf1 -all', 'signet-domain-verification=somebody-else']);
    expect(json(await verify())).toMatchObject({ details: { dnsFinding: 'otherValue' } });

    dns.zone.set(claim!.txtRecord.name, ['v=spf1 -all', claim!.txtRecord.value]);
    const verified = await verify();
    expect(verified.statusCode, verified.body).toBe(200);
    expect(json<BusinessDomain>(verified)).toMatchObject({ domain: 'acme.ch', verified: true });
    expect(json<Business>(await t.call('GET', `/v1/businesses/${acme.id}`, admin)).domains).toEqual([
      'acme.ch',
    ]);
  });

  it('a domain another business verified cannot be claimed or verified', async () => {
    const claimed = await t.call('POST', domainsOf(rivalBusiness), rival, { domain: 'acme.ch' });
    expect(claimed.statusCode).toBe(409);
    expect(json(claimed).code).toBe('DOMAIN_TAKEN');

    // Claimed before Acme verified it: the rival's claim can no longer be verified, even with its record.
    const early = json<BusinessDomain>(
      await t.call('POST', domainsOf(rivalBusiness), rival, { domain: 'shared.ch' }),
    );
    await t.call('POST', domainsOf(acme), admin, { domain: 'shared.ch' });
    const acmeClaim = json<{ domains: BusinessDomain[] }>(
      await t.call('GET', domainsOf(acme), admin),
    ).domains.find((d) => d.domain === 'shared.ch')!;
    dns.zone.set('_signet-verification.shared.ch', [acmeClaim.txtRecord.value, early.txtRecord.value]);
    expect((await t.call('POST', `${domainsOf(acme)}/shared.ch/verify`, admin)).statusCode).toBe(200);
    const late = await t.call('POST', `${domainsOf(rivalBusiness)}/shared.ch/verify`, rival);
    expect(late.statusCode).toBe(409);
    expect(json(late).code).toBe('DOMAIN_TAKEN');
  });

  it('a DNS server failure is a 503 to retry, not a verdict', async () => {
    const claim = json<BusinessDomain>(await t.call('POST', domainsOf(acme), admin, { domain: 'flaky.ch' }));
    dns.failing.add(claim.txtRecord.name);
    const failed = await t.call('POST', `${domainsOf(acme)}/flaky.ch/verify`, admin);
    expect(failed.statusCode).toBe(503);
    expect(json(failed).code).toBe('DNS_UNAVAILABLE');
    expect(failed.headers['retry-after']).toBe('60');
    dns.failing.delete(claim.txtRecord.name);
    publish(claim.txtRecord);
    expect(
      json<BusinessDomain>(await t.call('POST', `${domainsOf(acme)}/flaky.ch/verify`, admin)).verified,
    ).toBe(true);
  });

  it('offers people whose address is at a verified domain to join, as members, while they are in no business', async () => {
    const offerTo = (who: TestUser) => t.call('GET', '/v2/businesses/domain-offer', who);
    expect((await offerTo(loner)).statusCode).toBe(404); // example.ch: verified by nobody
    const newcomer = await t.user({ email: 'New.Comer@Flaky.ch' });
    expect(json(await offerTo(newcomer))).toEqual({
      businessId: acme.id,
      name: 'Acme AG',
      domain: 'flaky.ch',
    });

    const joined = await t.call('POST', '/v2/businesses/domain-offer/join', newcomer);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(json(joined)).toMatchObject({ id: acme.id, role: 'member' });
    expect((await offerTo(newcomer)).statusCode).toBe(404);
    const again = await t.call('POST', '/v2/businesses/domain-offer/join', newcomer);
    expect(json(again).code).toBe('ALREADY_IN_BUSINESS');
    // Joining takes a seat: with all three taken, the next colleague is offered it but cannot join.
    const late = await t.user({ email: 'late.comer@flaky.ch' });
    expect((await offerTo(late)).statusCode).toBe(200);
    const full = await t.call('POST', '/v2/businesses/domain-offer/join', late);
    expect(json(full)).toMatchObject({ statusCode: 409, code: 'SEATS_EXHAUSTED', details: { seatsLeft: 0 } });
    expect((await t.call('GET', '/v2/businesses/user', late)).statusCode).toBe(404);
    // Members of the verifying business are offered nothing either.
    expect((await offerTo(admin)).statusCode).toBe(404);
    expect((await t.call('POST', '/v2/businesses/domain-offer/join', loner)).statusCode).toBe(404);
    expect((await t.call('GET', '/v2/businesses/domain-offer', null)).statusCode).toBe(401);
  });

  it('only the business admins manage domains; another business sees none of them', async () => {
    expect((await t.call('GET', domainsOf(acme), member)).statusCode).toBe(403);
    expect((await t.call('POST', domainsOf(acme), member, { domain: 'm.ch' })).statusCode).toBe(403);
    expect((await t.call('GET', domainsOf(acme), loner)).statusCode).toBe(403);
    expect((await t.call('GET', domainsOf(acme), null)).statusCode).toBe(401);
    for (const [method, path] of [
      ['GET', domainsOf(acme)],
      ['POST', `${domainsOf(acme)}/acme.ch/verify`],
      ['DELETE', `${domainsOf(acme)}/acme.ch`],
    ] as const)
      expect((await t.call(method, path, rival)).statusCode, `${method} ${path}`).toBe(404);
  });

  it('removing a domain gives it up: it no longer counts, and another business may verify it', async () => {
    const removed = await t.call('DELETE', `${domainsOf(acme)}/ACME.ch`, admin);
    expect(removed.statusCode).toBe(204);
    expect((await t.call('DELETE', `${domainsOf(acme)}/acme.ch`, admin)).statusCode).toBe(404);
    expect((await t.call('POST', `${domainsOf(acme)}/acme.ch/verify`, admin)).statusCode).toBe(404);
    expect(json<Business>(await t.call('GET', `/v1/businesses/${acme.id}`, admin)).domains).not.toContain(
      'acme.ch',
    );

    const claim = json<BusinessDomain>(
      await t.call('POST', domainsOf(rivalBusiness), rival, { domain: 'acme.ch' }),
    );
    publish(claim.txtRecord);
    expect(
      json<BusinessDomain>(await t.call('POST', `${domainsOf(rivalBusiness)}/acme.ch/verify`, rival))
        .verified,
    ).toBe(true);
  });
});
