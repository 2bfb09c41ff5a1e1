import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PdfEngineUsage } from '@signet/pdf';
import type { SigningAdmissionUsage } from '../modules/signing/signing-admission.ts';
import { AppError } from '../errors.ts';

/** Where signing reports each signature it committed or failed to commit. */
export interface SignatureCounter {
  record(quality: string, outcome: 'signed' | 'failed'): void;
}

interface MetricsSources {
  jobQueue: () => Promise<{ due: number; scheduled: number; oldestDueSeconds: number }>;
  engine: () => PdfEngineUsage;
  signing: () => SigningAdmissionUsage;
}

/**
 * The process's Prometheus metrics. One registry per app (not prom-client's global one), so that
 * apps built side by side in tests count apart. Queue and engine figures are read at scrape time.
 */
export class Metrics implements SignatureCounter {
  readonly registry = new Registry();
  private readonly signatures = new Counter({
    name: 'signet_signatures_total',
    help: 'Signatures by quality (ses, aes, qes, part11, seal) and outcome (signed, failed)',
    labelNames: ['quality', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly requestDuration = new Histogram({
    name: 'signet_http_request_duration_seconds',
    help: 'HTTP request durations by route pattern, method and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  constructor(sources: MetricsSources) {
    collectDefaultMetrics({ register: this.registry, prefix: 'signet_' });
    const queue = new Gauge({
      name: 'signet_job_queue_depth',
      help: 'Background jobs waiting: due now, or scheduled for later',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect: async () => {
        const stats = await sources.jobQueue();
        queue.set({ state: 'due' }, stats.due);
        queue.set({ state: 'scheduled' }, stats.scheduled);
        oldest.set(stats.oldestDueSeconds);
      },
    });
    const oldest = new Gauge({
      name: 'signet_job_queue_oldest_due_seconds',
      help: 'How long the oldest due job has waited to run (0: none waiting)',
      registers: [this.registry],
    });
    usageGauge(
      this.registry,
      'signet_pdf_engine_workers',
      'PDF engine worker pool: capacity, started workers, busy workers and queued tasks',
      ['capacity', 'workers', 'busy', 'queued'],
      sources.engine,
    );
    usageGauge(
      this.registry,
      'signet_signing_slots',
      'Signatures this process makes at once: capacity, signing now, and waiting their turn',
      ['capacity', 'signing', 'queued'],
      sources.signing,
    );
  }

  record(quality: string, outcome: 'signed' | 'failed'): void {
    this.signatures.inc({ quality, outcome });
  }
}

/** A gauge with one series per state of a usage figure, read at scrape time. */
function usageGauge<State extends string>(
  registry: Registry,
  name: string,
  help: string,
  states: readonly State[],
  read: () => Record<State, number>,
): void {
  const gauge = new Gauge({
    name,
    help,
    labelNames: ['state'] as const,
    registers: [registry],
    collect: () => {
      const usage = read();
      for (const state of states) gauge.set({ state }, usage[state]);
    },
  });
}

const loopback = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Who may read /metrics: this machine (a Prometheus agent beside the process), and others with the
 * METRICS_TOKEN bearer. A loopback caller that forwards for someone (X-Forwarded-For, Forwarded) is
 * a reverse proxy on this machine passing on a public request: it needs the token too.
 */
function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  const presented = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (token && presented) {
    const a = Buffer.from(presented);
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  }
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && loopback.test(request.ip);
}

/** Times every request by its route pattern (never the raw URL: ids would explode the series) and serves /metrics. */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    metrics.requestDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', {
    config: { auth: 'public' },
    schema: { hide: true },
    handler: async (request, reply) => {
      if (!mayReadMetrics(request, token))
        throw new AppError(
          'FORBIDDEN',
          'Metrics answer this machine only, and other callers with the METRICS_TOKEN bearer token.',
          { field: 'authorization' },
        );
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    },
  });
}
