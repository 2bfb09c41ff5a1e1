import { randomInt } from 'node:crypto';
import pg from 'pg';

/** First half of the two-key advisory locks that mark live Signet processes (see livenessCheck). */
export const livenessLockSpace = 7_316_924;
/** How the liveness session shows in pg_stat_activity (operators, and the crash tests). */
export const livenessApplicationName = 'signet process liveness';

const reconnectDelaysMs = [250, 1_000, 5_000, 30_000];

/**
 * Proof, visible to every process on the same PostgreSQL, that this process is alive: one
 * connection held for the life of the process, holding a session advisory lock on a random key.
 * PostgreSQL frees that lock the moment the session ends (crash, SIGKILL, lost network,
 * pg_terminate_backend), so whatever this process marked with its key (signing locks of requests)
 * counts as abandoned at once instead of after its lifetime.
 *
 * When the session is lost while the process lives on, it takes a new key on a new session: what
 * it marked before may have been taken over by others meanwhile, and must stay free.
 */
export class ProcessLiveness {
  private client: pg.Client | null = null;
  private currentKey: number | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;

  private constructor(private readonly connectionString: string) {}

  static async start(connectionString: string): Promise<ProcessLiveness> {
    const liveness = new ProcessLiveness(connectionString);
    await liveness.connect();
    return liveness;
  }

  /** The key other processes see while this one is alive; null while the session is being replaced. */
  get key(): number | null {
    return this.currentKey;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      application_name: livenessApplicationName,
    });
    // A session ended by the server must not crash the process: it is replaced instead.
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    await client.connect();
    try {
      for (;;) {
        const key = randomInt(1, 2 ** 31 - 1);
        const { rows } = await client.query<{ taken: boolean }>(
          'select pg_try_advisory_lock($1, $2) as taken',
          [livenessLockSpace, key],
        );
        if (rows[0]?.taken) {
          if (this.stopped) throw new Error('stopped while connecting');
          this.client = client;
          this.currentKey = key;
          return;
        }
      }
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  private lost(client: pg.Client): void {
    if (client !== this.client) return;
    this.client = null;
    this.currentKey = null;
    void client.end().catch(() => undefined);
    this.reconnect(0);
  }

  private reconnect(attempt: number): void {
    if (this.stopped) return;
    const delay = reconnectDelaysMs[Math.min(attempt, reconnectDelaysMs.length - 1)]!;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (this.stopped) return;
      this.connect().catch(() => this.reconnect(attempt + 1));
    }, delay);
    this.retry.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    this.currentKey = null;
    await client?.end().catch(() => undefined);
  }
}
