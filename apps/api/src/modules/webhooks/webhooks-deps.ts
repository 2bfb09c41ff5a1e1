import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { PostLimits } from './webhook-http.ts';
import type { SecretSealer } from '../../sealed-secrets.ts';

/** What the webhooks module needs: the database, the time, the secrets' key and the delivery limits. */
export interface WebhooksDeps {
  db: Db;
  clock: Clock;
  secrets: SecretSealer;
  limits: PostLimits;
}
