import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stateDir, writeFileAtomic } from '../pki/state-files.js';
import { noSuch } from './stripe-error.js';

/** Every object the sandbox keeps is stored in the shape Stripe answers with. */
export interface StripeObject {
  id: string;
  object: string;
  created: number;
  [key: string]: unknown;
}

/** What Stripe knows about an object but never shows (test card behaviour, page tokens, prorations). */
export type Internal = Record<string, unknown>;

export interface IdempotentAnswer {
  fingerprint: string;
  status: number;
  body: unknown;
  /** Real time (ms): keys are kept 24 hours, as at Stripe. */
  at: number;
}

export interface PendingDelivery {
  eventId: string;
  attempts: number;
  /** Real time (ms) of the next attempt: retries wait in real time, whatever the sandbox clock says. */
  nextAttemptAt: number;
}

interface PaymentsState {
  format: 1;
  /** The sandbox clock is real time plus this; only ever moved forward. */
  clockOffsetMs: number;
  /** Ids in creation order: lists are this order reversed (newest first), as at Stripe. */
  order: string[];
  objects: Record<string, StripeObject>;
  internal: Record<string, Internal>;
  idempotency: Record<string, IdempotentAnswer>;
  deliveries: PendingDelivery[];
  invoiceCount: number;
}

const emptyState = (): PaymentsState => ({
  format: 1,
  clockOffsetMs: 0,
  order: [],
  objects: {},
  internal: {},
  idempotency: {},
  deliveries: [],
  invoiceCount: 0,
});

const idempotencyLifetimeMs = 24 * 60 * 60 * 1000;

/**
 * The payments sandbox's whole state, in memory and in one JSON file (`trust-services/payments.json`),
 * written atomically after every change: a restarted sandbox continues where the last one stopped,
 * webhooks not yet delivered included. Changes happen synchronously between two saves, so a request
 * never sees another's half-done change.
 */
export class PaymentsStore {
  private readonly path: string;
  private readonly state: PaymentsState;
  private saving: Promise<void> = Promise.resolve();
  private queued: Promise<void> | undefined;

  constructor(dataDir: string) {
    this.path = join(stateDir(dataDir), 'payments.json');
    let text: string | null = null;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    this.state = text ? (JSON.parse(text) as PaymentsState) : emptyState();
  }

  /**
   * Writes the state. Writes run one after another, and calls made while one is waiting share it: it
   * takes the state as it is when it starts, so it holds every change made before each call.
   */
  save(): Promise<void> {
    if (this.queued) return this.queued;
    const queued = this.saving.then(() => {
      this.queued = undefined;
      return writeFileAtomic(this.path, JSON.stringify(this.state));
    });
    this.queued = queued;
    this.saving = queued.catch(() => undefined);
    return queued;
  }

  /** The sandbox clock in Unix seconds, the unit of every Stripe timestamp. */
  now(): number {
    return Math.floor((Date.now() + this.state.clockOffsetMs) / 1000);
  }

  /** Moves the sandbox clock to `seconds` (never back). */
  setNow(seconds: number): void {
    const offset = seconds * 1000 - Date.now();
    if (offset > this.state.clockOffsetMs) this.state.clockOffsetMs = offset;
  }

  newId(prefix: string): string {
    return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
  }

  nextInvoiceNumber(): string {
    this.state.invoiceCount += 1;
    return `SIGNET-SANDBOX-${String(this.state.invoiceCount).padStart(4, '0')}`;
  }

  insert<T extends StripeObject>(object: T, internal: Internal = {}): T {
    this.state.objects[object.id] = object;
    this.state.internal[object.id] = internal;
    this.state.order.push(object.id);
    return object;
  }

  find(id: string): StripeObject | undefined {
    return Object.hasOwn(this.state.objects, id) ? this.state.objects[id] : undefined;
  }

  /** The object of that kind, or Stripe's 404 naming it. */
  get<T extends StripeObject>(kind: string, id: string, param = 'id'): T {
    const found = this.find(id);
    if (!found || found.object !== kind || found.deleted === true)
      throw noSuch(kind.replace(/_/g, ' '), id, param);
    return found as T;
  }

  internal(id: string): Internal {
    return (this.state.internal[id] ??= {});
  }

  /** Objects of one kind, newest first. */
  all<T extends StripeObject>(kind: string): T[] {
    const result: T[] = [];
    for (let index = this.state.order.length - 1; index >= 0; index -= 1) {
      const object = this.state.objects[this.state.order[index]!];
      if (object?.object === kind && object.deleted !== true) result.push(object as T);
    }
    return result;
  }

  /**
   * Forgets events older than `cutoff` (sandbox seconds) that wait for no delivery, as Stripe keeps
   * events 30 days: the state file stays small on a long-lived data folder.
   */
  forgetEventsBefore(cutoff: number): void {
    const waiting = new Set(this.state.deliveries.map((delivery) => delivery.eventId));
    const old = (id: string) => {
      const object = this.state.objects[id];
      return object?.object === 'event' && object.created < cutoff && !waiting.has(id);
    };
    const gone = this.state.order.filter(old);
    if (gone.length === 0) return;
    for (const id of gone) {
      delete this.state.objects[id];
      delete this.state.internal[id];
    }
    const goneSet = new Set(gone);
    this.state.order = this.state.order.filter((id) => !goneSet.has(id));
  }

  get size(): number {
    return this.state.order.length;
  }

  idempotentAnswer(key: string): IdempotentAnswer | undefined {
    const answer = this.state.idempotency[key];
    return answer && Date.now() - answer.at < idempotencyLifetimeMs ? answer : undefined;
  }

  rememberAnswer(key: string, answer: IdempotentAnswer): void {
    for (const [old, kept] of Object.entries(this.state.idempotency))
      if (Date.now() - kept.at >= idempotencyLifetimeMs) delete this.state.idempotency[old];
    this.state.idempotency[key] = answer;
  }

  get deliveries(): PendingDelivery[] {
    return this.state.deliveries;
  }
}
