import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type {
  AccountActivity,
  BusinessOverview,
  BusinessStatistics,
  IdentificationActivity,
  SignatureActivity,
} from '@signet/contracts/business-activity';
import {
  cast,
  useTestApp,
  visitorSignature,
  type TestBusiness,
  type TestUser,
} from '../../../test/factories.ts';
import { databaseKinds, json, visitorLink } from '../../../test/helpers.ts';

const dayMs = 86_400_000;
const isoDay = (instant: Date) => instant.toISOString().slice(0, 10);
const monthOf = (instant: Date) => instant.toISOString().slice(0, 7);
interface Page<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
}

/**
 * A business's activity as its admins read it: the members' signatures (made through the real
 * signing engine), identifications (through the sandbox provider) and sign-ins, in pages, sorted,
 * by date range, as CSV, per month, and the dashboard's overview. Nobody else's activity counts,
 * and nobody but the business's admins sees it.
 */
describe.each(databaseKinds)('business activity on %s', (kind) => {
  const t = useTestApp(kind, {
    listen: true,
    env: { BUSINESS_SEAT_LIMIT: '7' },
    users: {
      ...cast('admin', 'member', 'rival', 'loner'),
      // A name that a spreadsheet would run as a formula, with a comma and quotes to quote.
      tricky: { email: 'tricky@example.ch', firstName: 'Eve, "the"', lastName: '=HYPERLINK("x")' },
    },
  });
  const { admin, member, rival, loner, tricky } = t.users;
  let acme: TestBusiness;
  let firstDay: Date;
  let laterDay: Date;
  const base = () => `/v2/businesses/${acme.id}`;
  const get = <T>(path: string, as: TestUser = admin) => t.call('GET', `${base()}${path}`, as).then(json<T>);

  /** A request of the admin that `signers` sign at the current clock, one signature each. */
  async function signedBy(signers: TestUser[], spec: { title: string; quality: 'ses' | 'aes' | 'part11' }) {
    const request = await t.request(admin, { ...spec, signatures: signers.map((signer) => signer.email) });
    // Part 11 signatures carry the signing name and reason.
    const part11 = { signingName: 'Max Test', signingReason: 'Reviewed' };
    for (const signer of signers)
      await t.sign(request, signer, {
        signatureRequests: [{ id: request.id, ...(spec.quality === 'part11' ? part11 : {}) }],
        ...(spec.quality === 'part11' ? { password: signer.password } : {}),
      });
    return request;
  }

  beforeAll(async () => {
    acme = await t.business(admin, { name: 'Acme AG' });
    await t.member(acme, member);
    await t.member(acme, tricky);
    const rivals = await t.business(rival, { name: 'Rival GmbH', email: 'r@rival.ch' });
    expect(rivals.id).not.toBe(acme.id);
    const part11 = await t.call('PUT', `/v1/businesses/${acme.id}/settings`, admin, {
      signatureRequests: { part11: { enabled: true } },
    });
    expect(part11.statusCode, part11.body).toBe(200);

    firstDay = t.clock.now();
    await signedBy([member, tricky], { title: '=SUM(A1), "Q4"\nreview', quality: 'aes' });
    await signedBy([member], { title: 'Offer', quality: 'ses' });
    // Not members: their signatures are not the business's.
    await signedBy([loner], { title: 'Outside', quality: 'ses' });
    const rivalRequest = await t.request(rival, { title: 'Rival', signatures: [rival.email] });
    await t.sign(rivalRequest, rival);
    await t.identify(member, 'eidas');
    await t.identify(tricky, 'eidas', { outcome: 'failure' });

    // A month later (sessions last a day: everyone signs in again).
    t.clock.advance(32 * dayMs);
    laterDay = t.clock.now();
    for (const person of [admin, member]) Object.assign(person, await t.login(person));
    // Outsiders sign in too, but their activity is not the business's.
    for (const person of [rival, loner]) Object.assign(person, await t.login(person));
    await signedBy([member], { title: 'Audit', quality: 'part11' });
  });

  describe('signatures', () => {
    it('lists the members’ signatures, newest first, with their quality and request', async () => {
      const page = await get<Page<SignatureActivity>>('/activities/signatures');
      expect(page.total).toBe(4);
      expect(page.items.map((item) => [item.email, item.quality, item.title])).toEqual([
        [member.email, 'part11', 'Audit'],
        [member.email, 'ses', 'Offer'],
        // One request: tricky signed after member, so comes first.
        [tricky.email, 'aes', '=SUM(A1), "Q4"\nreview'],
        [member.email, 'aes', '=SUM(A1), "Q4"\nreview'],
      ]);
      expect(page.items[0]).toMatchObject({ firstName: 'Max', lastName: 'Test', legislation: 'zertes' });
      expect(Date.parse(page.items[0]!.signedAt)).toBeGreaterThanOrEqual(laterDay.getTime() - 60_000);
    });

    it('pages and sorts', async () => {
      const second = await get<Page<SignatureActivity>>(
        '/activities/signatures?page=2&size=3&sort=signedAt,asc',
      );
      expect(second).toMatchObject({ total: 4, page: 2, size: 3 });
      expect(second.items.map((item) => item.title)).toEqual(['Audit']);
      const byQuality = await get<Page<SignatureActivity>>('/activities/signatures?sort=quality,asc');
      expect(byQuality.items.map((item) => item.quality)).toEqual(['aes', 'aes', 'part11', 'ses']);
      const byName = await get<Page<SignatureActivity>>('/activities/signatures?sort=name,desc');
      expect(byName.items.map((item) => item.email)).toEqual([
        member.email,
        member.email,
        member.email,
        tricky.email, // "=hyperlink…" sorts before "test"
      ]);
    });

    it('narrows to a date range, both ends included', async () => {
      const first = await get<Page<SignatureActivity>>(
        `/activities/signatures?start_date=${isoDay(firstDay)}&end_date=${isoDay(firstDay)}`,
      );
      expect(first.items.map((item) => item.title).sort()).toEqual([
        '=SUM(A1), "Q4"\nreview',
        '=SUM(A1), "Q4"\nreview',
        'Offer',
      ]);
      const later = await get<Page<SignatureActivity>>(
        `/activities/signatures?start_date=${isoDay(laterDay)}`,
      );
      expect(later.items.map((item) => item.title)).toEqual(['Audit']);
      const before = await get<Page<SignatureActivity>>(
        `/activities/signatures?end_date=${isoDay(new Date(firstDay.getTime() - dayMs))}`,
      );
      expect(before).toMatchObject({ items: [], total: 0 });
    });
  });

  it('lists the members with what they did in the range', async () => {
    const page = await get<Page<AccountActivity>>('/activities/accounts?sort=signatures,desc');
    expect(page.total).toBe(3);
    expect(page.items.map((item) => [item.email, item.role, item.signatures, item.requestsSent])).toEqual([
      [member.email, 'member', 3, 0],
      [tricky.email, 'member', 1, 0],
      [admin.email, 'admin', 0, 4],
    ]);
    // Admin and member signed in again a month later; tricky was last active at the first signing.
    const [maxi, eve, alma] = page.items;
    expect(Date.parse(maxi!.lastActiveAt!)).toBeGreaterThanOrEqual(laterDay.getTime() - 60_000);
    expect(Date.parse(alma!.lastActiveAt!)).toBeGreaterThanOrEqual(laterDay.getTime() - 60_000);
    expect(Date.parse(eve!.lastActiveAt!)).toBeLessThan(laterDay.getTime() - dayMs);

    const firstMonth = await get<Page<AccountActivity>>(
      `/activities/accounts?sort=name,asc&size=2&end_date=${isoDay(firstDay)}`,
    );
    expect(firstMonth).toMatchObject({ total: 3, page: 1, size: 2 });
    expect(firstMonth.items.map((item) => [item.lastName, item.signatures])).toEqual([
      ['=HYPERLINK("x")', 1],
      ['Test', 0], // Alma Test before Max Test
    ]);
  });

  it('lists the members’ identifications, how far each went', async () => {
    const page = await get<Page<IdentificationActivity>>('/activities/identifications?sort=name,asc');
    expect(page.total).toBe(2);
    expect(page.items.map((item) => [item.email, item.status, item.level, item.provider])).toEqual([
      [tricky.email, 'failure', null, expect.any(String)],
      [member.email, 'success', 'qes', expect.any(String)],
    ]);
    expect(page.items[1]!.completedAt).not.toBeNull();
    const later = await get<Page<IdentificationActivity>>(
      `/activities/identifications?start_date=${isoDay(laterDay)}`,
    );
    expect(later.total).toBe(0);
  });

  describe('CSV exports', () => {
    const download = (path: string) => t.call('GET', `${base()}${path}`, admin);
    const rowsOf = (body: string) =>
      parse(body, { bom: true, columns: true }) as Array<Record<string, string>>;
    const range = () => `start_date=${isoDay(firstDay)}&end_date=${isoDay(laterDay)}`;

    it('signature usage: every signature, quoted as RFC 4180 says, formulas defused, with a BOM', async () => {
      const answer = await download(`/activities/signatures/export?${range()}`);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(answer.headers['content-disposition']).toContain(
        `filename="signature_usage_${isoDay(firstDay)}_${isoDay(laterDay)}.csv"`,
      );
      expect(answer.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      // Quotes doubled inside a quoted field; the line break stays inside it; CRLF between records.
      expect(answer.body).toContain(`"'=SUM(A1), ""Q4""\nreview"`);
      expect(answer.body).toContain('\r\n');
      const rows = rowsOf(answer.body);
      expect(Object.keys(rows[0]!)).toEqual([
        'signed_at',
        'first_name',
        'last_name',
        'email',
        'quality',
        'legislation',
        'request_id',
        'request_title',
      ]);
      expect(rows.map((row) => [row.email, row.quality, row.request_title])).toEqual([
        [member.email, 'aes', `'=SUM(A1), "Q4"\nreview`],
        [tricky.email, 'aes', `'=SUM(A1), "Q4"\nreview`],
        [member.email, 'ses', 'Offer'],
        [member.email, 'part11', 'Audit'],
      ]);
      expect(rows[1]).toMatchObject({ first_name: 'Eve, "the"', last_name: `'=HYPERLINK("x")` });
    });

    it('cost centre report: one line per member, signatures by quality', async () => {
      const answer = await download(`/activities/signatures/export?group_by=member&${range()}`);
      expect(answer.headers['content-disposition']).toContain(
        `cost_centre_report_${isoDay(firstDay)}_${isoDay(laterDay)}.csv`,
      );
      expect(rowsOf(answer.body)).toEqual([
        {
          first_name: 'Eve, "the"',
          last_name: `'=HYPERLINK("x")`,
          email: tricky.email,
          ses: '0',
          aes: '1',
          qes: '0',
          part11: '0',
          total: '1',
        },
        {
          first_name: 'Max',
          last_name: 'Test',
          email: member.email,
          ses: '1',
          aes: '1',
          qes: '0',
          part11: '1',
          total: '3',
        },
      ]);
    });

    it('identifications; without dates, this month so far', async () => {
      const answer = await download('/activities/identifications/export');
      const today = t.clock.now();
      expect(answer.headers['content-disposition']).toContain(
        `identifications_${monthOf(today)}-01_${isoDay(today)}.csv`,
      );
      expect(rowsOf(answer.body)).toEqual([]);
      expect(answer.body).toBe(
        '\ufeffstarted_at,completed_at,first_name,last_name,email,provider,method,legislation,status,level\r\n',
      );
      const first = await download(`/activities/identifications/export?start_date=${isoDay(firstDay)}`);
      expect(rowsOf(first.body).map((row) => [row.email, row.status, row.level])).toEqual([
        [member.email, 'success', 'qes'],
        [tricky.email, 'failure', ''],
      ]);
    });
  });

  it('statistics: signatures per month by quality and members active, every month of the range', async () => {
    const stats = await get<BusinessStatistics>('/statistics');
    expect(stats.months).toHaveLength(12);
    expect(stats.months.at(-1)!.month).toBe(monthOf(laterDay));
    const month = (name: string) => stats.months.find((entry) => entry.month === name);
    expect(month(monthOf(firstDay))).toEqual({
      month: monthOf(firstDay),
      signatures: { ses: 1, aes: 2, qes: 0, part11: 0 },
      activeMembers: 3,
    });
    expect(month(monthOf(laterDay))).toEqual({
      month: monthOf(laterDay),
      signatures: { ses: 0, aes: 0, qes: 0, part11: 1 },
      activeMembers: 2,
    });
    for (const entry of stats.months.filter((e) => ![monthOf(firstDay), monthOf(laterDay)].includes(e.month)))
      expect(entry).toEqual({
        month: entry.month,
        signatures: { ses: 0, aes: 0, qes: 0, part11: 0 },
        activeMembers: 0,
      });

    const one = await get<BusinessStatistics>(
      `/statistics?start_month=${monthOf(firstDay)}&end_month=${monthOf(firstDay)}`,
    );
    expect(one.months.map((entry) => entry.month)).toEqual([monthOf(firstDay)]);
  });

  it('the overview: people and seats, signatures this month, open requests, the trial', async () => {
    await t.request(admin, { title: 'Waiting', signatures: [member.email] });
    await t.call('POST', `/v1/businesses/${acme.id}/members`, admin, {
      users: [{ email: 'newcomer@example.ch', role: 'member' }],
    });
    const overview = await get<BusinessOverview>('/dashboard');
    expect(overview).toEqual({
      members: 3,
      admins: 1,
      pendingInvitations: 1,
      seatsUsed: 4,
      seatLimit: 7,
      signaturesThisMonth: 1,
      openRequests: 1,
      trial: { active: true, paymentMethod: 'TRIALING', startedAt: expect.any(String) },
    });
  });

  it('refuses reversed or too long ranges, bad dates and unknown sorts, naming the field', async () => {
    const refusals: Array<[string, string]> = [
      ['/activities/signatures?start_date=2026-03-02&end_date=2026-03-01', 'querystring.end_date'],
      ['/activities/accounts?start_date=2025-01-01&end_date=2026-01-02', 'querystring.end_date'],
      ['/activities/identifications?start_date=2026-02-30', 'querystring.start_date'],
      ['/activities/signatures?sort=password', 'querystring.sort'],
      ['/activities/signatures?size=101', 'querystring.size'],
      ['/activities/signatures?page=0', 'querystring.page'],
      ['/activities/signatures/export?group_by=team', 'querystring.group_by'],
      ['/activities/signatures/export?start_date=2026-01-02&end_date=2026-01-01', 'querystring.end_date'],
      [
        '/activities/identifications/export?start_date=2020-01-01&end_date=2024-01-01',
        'querystring.end_date',
      ],
      // Only a start, over a year ago: the end defaults to today, too far.
      ['/activities/identifications/export?start_date=2000-01-01', 'querystring.start_date'],
      ['/statistics?start_month=2026-05&end_month=2026-04', 'querystring.end_month'],
      ['/statistics?start_month=2020-01&end_month=2026-01', 'querystring.end_month'],
      ['/statistics?start_month=2026-13', 'querystring.start_month'],
      ['/statistics?start_month=1999-01', 'querystring.start_month'],
    ];
    for (const [path, field] of refusals) {
      const refused = await t.call('GET', `${base()}${path}`, admin);
      expect(refused.statusCode, path).toBe(400);
      expect(json(refused), path).toMatchObject({ code: 'VALIDATION_FAILED', field });
      expect(refused.body).not.toContain('    at ');
    }
  });

  it('only the business’s admins see its activity; another business’s admin finds nothing', async () => {
    const paths = [
      '/activities/accounts',
      '/activities/signatures',
      '/activities/identifications',
      '/activities/signatures/export',
      '/activities/identifications/export',
      '/statistics',
      '/dashboard',
    ];
    const waiting = await t.request(admin, {
      signatures: [visitorSignature('vera@example.ch', 'Vera', 'Visitor')],
    });
    const visitor = await visitorLink(t, 'vera@example.ch', waiting.id);
    for (const path of paths) {
      expect((await t.call('GET', `${base()}${path}`, admin)).statusCode, path).toBe(200);
      expect((await t.call('GET', `${base()}${path}`, visitor.headers)).statusCode, path).toBe(401);
      expect((await t.call('GET', `${base()}${path}`, member)).statusCode, path).toBe(403);
      expect((await t.call('GET', `${base()}${path}`, rival)).statusCode, path).toBe(404);
      expect((await t.call('GET', `${base()}${path}`, loner)).statusCode, path).toBe(403);
      expect((await t.call('GET', `${base()}${path}`, null)).statusCode, path).toBe(401);
    }
  });
});
