import type { z } from 'zod';
import type { PadesLevel, RevocationTransports, TimestampTransport } from '@signet/pdf';
import type { SignResult as SignResultSchema } from '@signet/contracts/signing';
import type { SignatureCounter } from '../../plugins/metrics.ts';
import type { RemoteSigningClient } from '../../adapters/remote-signing.ts';
import type { SignatureRequestsDeps } from '../signature-requests/request-deps.ts';
import type { SigningAdmission } from './signing-admission.ts';

/** What the signing services work with: the requests' deps and the trust services. */
export interface SigningDeps extends SignatureRequestsDeps {
  qtsp: RemoteSigningClient;
  timestamp: TimestampTransport;
  revocation: RevocationTransports;
  /** PAdES level of every signature: B-LT (timestamp + validation data) in Signet. */
  level: PadesLevel;
  /** Marks the signing locks this process takes, so they end with it (Database.processKey). */
  processKey: () => number | null;
  /** Counts committed and failed signatures for the metrics endpoint. */
  signatures: SignatureCounter;
  /** Lets this process make only so many signatures at once; the others wait their turn. */
  admission: SigningAdmission;
}

export type SignResult = z.infer<typeof SignResultSchema>;
