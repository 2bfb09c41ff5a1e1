import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../control/clock.js';
import { CscError, invalidRequest } from '../csc/csc-error.js';
import {
  finalStatuses,
  hashPageToken,
  identificationOffers,
  type IdentMethod,
  type IdentProvider,
  type IdentSession,
  type IdentStatus,
  type SessionStore,
  type VerifiedPerson,
} from './identification-sessions.js';
import type { WebhookSender } from './webhook-sender.js';

/** How long a person has to finish an identification once it was started. */
const sessionLifetimeMs = 24 * 60 * 60 * 1000;

export interface CreateSessionRequest {
  method: IdentMethod;
  reference: string;
  returnUrl: string;
  webhookUrl: string;
  person: { firstName: string; lastName: string };
}

/** What the person tells the page (the sample document as they read or edited it). */
export interface DocumentReading {
  firstName: string;
  lastName: string;
  birthDate: string;
  documentType: VerifiedPerson['documentType'];
}

/** The session as the client sees it (status call): never the page token. */
export interface SessionView {
  id: string;
  provider: IdentProvider;
  method: IdentMethod;
  legislation: IdentSession['legislation'];
  reference: string;
  status: IdentStatus;
  result: VerifiedPerson | null;
  history: IdentSession['history'];
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
}

/** The fixed sample identity document the sandbox pages show: only name and birth date change. */
export const sampleDocument = {
  birthDate: '1985-04-12',
  documentExpiry: '2034-12-31',
  documentNumber: 'S0000000X',
};

const notFound = () => new CscError(404, 'invalid_request', 'No such identification session');

/**
 * The sandbox identification providers: sessions a client (Signet) creates for a person, a page the
 * person completes, fails or abandons, a signed webhook on every change, and a status call.
 */
export class IdentificationService {
  constructor(private readonly deps: { store: SessionStore; clock: Clock; webhooks: WebhookSender }) {}

  /** Creates a session; the answer carries the page URL's token once (only its hash is kept). */
  async create(
    provider: IdentProvider,
    request: CreateSessionRequest,
  ): Promise<{ session: SessionView; pageToken: string }> {
    const offer = identificationOffers[provider];
    if (!(offer.methods as readonly string[]).includes(request.method))
      throw invalidRequest(`${provider} offers ${offer.methods.join(' and ')}, not ${request.method}`);
    const now = this.deps.clock.now();
    const pageToken = randomBytes(32).toString('base64url');
    const session: IdentSession = {
      id: `ids_${randomBytes(18).toString('base64url')}`,
      provider,
      method: request.method,
      legislation: offer.legislation,
      reference: request.reference,
      pageTokenHash: hashPageToken(pageToken),
      returnUrl: request.returnUrl,
      webhookUrl: request.webhookUrl,
      expected: request.person,
      status: 'initialized',
      result: null,
      history: [{ status: 'initialized', at: now.toISOString() }],
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + sessionLifetimeMs).toISOString(),
      completedAt: null,
    };
    await this.deps.store.save(session);
    return { session: this.view(session), pageToken };
  }

  /** The status call: a session of this provider, or not found. */
  get(provider: IdentProvider, id: string): SessionView {
    return this.view(this.sessionOf(provider, id));
  }

  /** The client cancels a session that has not ended; an ended one stays as it is. */
  async cancel(provider: IdentProvider, id: string): Promise<SessionView> {
    return this.view(await this.move(this.sessionOf(provider, id), 'cancelled', null));
  }

  /** The session behind a page link, when the token is the one it was created with. */
  forPage(id: string, token: string): IdentSession {
    const session = this.deps.store.get(id);
    const expected = Buffer.from(session?.pageTokenHash ?? '0'.repeat(64), 'hex');
    const given = Buffer.from(hashPageToken(token), 'hex');
    if (!session || !timingSafeEqual(expected, given)) throw notFound();
    return { ...session, status: this.currentStatus(session) };
  }

  /** The person opened the page: the session is in progress. */
  async opened(session: IdentSession): Promise<IdentSession> {
    return session.status === 'initialized' ? this.move(session, 'inprogress', null) : session;
  }

  /** The person finished on the page: verified (with what the document says), failed or abandoned. */
  async finish(
    session: IdentSession,
    outcome: { status: 'success'; reading: DocumentReading } | { status: 'failure' | 'abandoned' },
  ): Promise<IdentSession> {
    const result: VerifiedPerson | null =
      outcome.status === 'success'
        ? {
            ...outcome.reading,
            documentExpiry: sampleDocument.documentExpiry,
            level: 'qes',
            demo: true,
          }
        : null;
    return this.move(session, outcome.status, result);
  }

  /**
   * The verified person of a successful session, for the sandbox QTSP's registration authority:
   * it issues a qualified certificate only to someone an identification provider verified.
   */
  verifiedPerson(id: string): (VerifiedPerson & { legislation: IdentSession['legislation'] }) | undefined {
    const session = this.deps.store.get(id);
    if (!session || session.status !== 'success' || !session.result) return undefined;
    return { ...session.result, legislation: session.legislation };
  }

  private sessionOf(provider: IdentProvider, id: string): IdentSession {
    const session = this.deps.store.get(id);
    if (!session || session.provider !== provider) throw notFound();
    return { ...session, status: this.currentStatus(session) };
  }

  /** An unfinished session past its lifetime reads as expired. */
  private currentStatus(session: IdentSession): IdentStatus {
    const open = !finalStatuses.includes(session.status);
    return open && this.deps.clock.now() > new Date(session.expiresAt) ? 'expired' : session.status;
  }

  /** Moves an open session on, records it, and tells the client through the webhook. */
  private async move(
    session: IdentSession,
    status: IdentStatus,
    result: VerifiedPerson | null,
  ): Promise<IdentSession> {
    if (finalStatuses.includes(session.status))
      throw new CscError(409, 'invalid_request', `This identification has ended (${session.status})`);
    const at = this.deps.clock.now().toISOString();
    const final = finalStatuses.includes(status);
    const moved: IdentSession = {
      ...session,
      status,
      result,
      history: [...session.history, { status, at }],
      updatedAt: at,
      completedAt: final ? at : null,
    };
    await this.deps.store.save(moved);
    this.deps.webhooks.send(session.webhookUrl, 'session.updated', { sessionId: session.id });
    return moved;
  }

  private view(session: IdentSession): SessionView {
    return {
      id: session.id,
      provider: session.provider,
      method: session.method,
      legislation: session.legislation,
      reference: session.reference,
      status: session.status,
      result: session.result,
      history: session.history,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
      completedAt: session.completedAt,
    };
  }
}
