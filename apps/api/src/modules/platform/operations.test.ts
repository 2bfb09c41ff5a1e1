import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/factories.ts';
import { createTestApp, databaseKinds, freePort, json, type TestApp } from '../../../test/helpers.ts';
import { enqueueJob } from '../../jobs/queue.ts';

const metricsToken = 'metrics-token-for-the-scrape-0123456789';
const metricLine = (body: string, prefix: string) => body.split('\n').find((line) => line.startsWith(prefix));

describe.each(databaseKinds)('readiness and metrics on %s', (kind) => {
  const t = useTestApp(kind, { listen: true, env: { METRICS_TOKEN: metricsToken } });

  it('is ready when the database, the blob store and the trust services answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ status: 'ready', checks: ['database', 'blobStore', 'trustServices'] });
  });

  it('counts requests by route pattern, signatures by quality and outcome, the job queue and the engine', async () => {
    const owner = await t.user();
    const request = await t.request(owner, { signatures: [owner.email] });
    await t.sign(request, owner);
    await t.app.inject({ method: 'GET', url: `/api/v3/signature-requests/${request.id}` });
    await enqueueJob(t.database.db, {
      kind: 'later',
      payload: {},
      runAt: new Date(t.clock.now().getTime() + 60_000),
    });
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const body = response.body;
    // The pattern, not the id: one series per route however many requests exist.
    expect(body).toContain('route="/api/v3/signature-requests/:id"');
    expect(body).not.toContain(request.id);
    expect(
      metricLine(
        body,
        'signet_http_request_duration_seconds_count{method="GET",route="/api/ready",status="200"}',
      ),
    ).toBeDefined();
    expect(metricLine(body, 'signet_signatures_total{quality=')).toMatch(/outcome="signed"} 1$/);
    expect(metricLine(body, 'signet_job_queue_depth{state="scheduled"}')).toMatch(/ [1-9]\d*$/);
    expect(metricLine(body, 'signet_job_queue_oldest_due_seconds')).toMatch(/ \d+(\.\d+)?(e[-+]?\d+)?$/);
    expect(metricLine(body, 'signet_pdf_engine_workers{state="capacity"}')).toMatch(/ [1-9]$/);
    expect(metricLine(body, 'signet_signing_slots{state="capacity"}')).toMatch(/ [1-9]\d*$/);
    expect(metricLine(body, 'signet_signing_slots{state="queued"}')).toMatch(/ 0$/);
    expect(metricLine(body, 'signet_process_cpu_seconds_total')).toBeDefined();
  });

  it('answers /metrics to this machine and to the METRICS_TOKEN bearer, no one else', async () => {
    const scrape = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
    expect((await scrape('127.0.0.1')).statusCode).toBe(200);
    expect((await scrape('::1')).statusCode).toBe(200);
    const outsider = await scrape('203.0.113.9');
    expect(outsider.statusCode).toBe(403);
    expect(json(outsider)).toMatchObject({ code: 'FORBIDDEN', field: 'authorization' });
    expect(outsider.body).not.toContain('signet_');
    // A reverse proxy on this machine passing a public request on is not this machine.
    expect((await scrape('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(403);
    expect((await scrape('203.0.113.9', { authorization: `Bearer ${metricsToken}` })).statusCode).toBe(200);
    expect((await scrape('203.0.113.9', { authorization: `Bearer ${metricsToken}x` })).statusCode).toBe(403);
    expect((await scrape('127.0.0.1', { authorization: 'Bearer wrong' })).statusCode).toBe(403);
  });
});

describe('readiness when what the process needs is away', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on these ports: the trust services and the S3 store do not answer.
    const [trust, s3] = [await freePort(), await freePort()];
    t = await createTestApp('pglite', {
      env: {
        TRUST_SERVICES_URL: `http://127.0.0.1:${trust}/sandbox`,
        S3_URL: `http://127.0.0.1:${s3}`,
        S3_BUCKET: 'signet-blobs',
        S3_ACCESS_KEY_ID: 'signet',
        S3_SECRET_ACCESS_KEY: 'not-reachable',
      },
    });
  });
  afterAll(() => t.close());

  it('answers 503 NOT_READY naming the blob store and the trust services, while liveness stays ok', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(json(response)).toMatchObject({
      code: 'NOT_READY',
      details: { unavailable: ['blobStore', 'trustServices'] },
    });
    expect(json<{ message: string }>(response).message).toBe(
      'Not ready: blobStore, trustServices did not answer.',
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
