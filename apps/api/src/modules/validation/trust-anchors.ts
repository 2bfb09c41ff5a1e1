import { createHash, X509Certificate } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { TrustAnchor } from '@signet/contracts/validation';

/** The certificates a validation trusts, and how the report lists them. */
export interface TrustAnchorSet {
  certificates: Uint8Array[];
  list: TrustAnchor[];
}

function describe(der: Uint8Array, source: TrustAnchor['source']): TrustAnchor {
  const subject = new X509Certificate(der).subject.split('\n').join(', ');
  const hex = createHash('sha256').update(der).digest('hex').toUpperCase();
  return { subject, sha256Fingerprint: hex.match(/../g)!.join(':'), source };
}

/**
 * Signet's own CAs (the trust list of its trust services: the sandbox PKI while the sandbox is on,
 * the QTSP's otherwise; the same the audit trail trusts) and the operator's TRUST_ANCHORS_FILE.
 * When the trust services cannot be reached, the operator's anchors alone are used and the report
 * lists only those: a signature is then INDETERMINATE for want of a chain, never falsely valid.
 */
export function trustAnchorSource(
  signetCas: () => Promise<Uint8Array[]>,
  operatorAnchors: Uint8Array[],
  log: FastifyBaseLogger,
): () => Promise<TrustAnchorSet> {
  const operator = operatorAnchors.map((der) => describe(der, 'operator'));
  return async () => {
    const signet = await signetCas().catch((error: unknown) => {
      log.warn({ err: error }, "validation without Signet's CAs: its trust list could not be fetched");
      return [] as Uint8Array[];
    });
    return {
      certificates: [...signet, ...operatorAnchors],
      list: [...signet.map((der) => describe(der, 'signet')), ...operator],
    };
  };
}
