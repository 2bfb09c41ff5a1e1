import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { wholeSeconds } from '../control/clock.js';
import { authorityKeyIdentifierExtension, extension } from '../pki/certificate-builder.js';
import { keyIdentifier, signTbs } from '../pki/keys.js';
import { oid } from '../pki/oids.js';
import { toArrayBuffer } from '../pki/pem.js';
import { caIds, type CaId } from '../pki/sandbox-pki.js';
import { revocationReasonCodes, type RevocationServiceDeps } from './revocation-store.js';

/** How long a CRL is current (nextUpdate - thisUpdate). */
const validityMs = 24 * 60 * 60_000;

export interface CrlIssuer {
  /** A freshly signed DER CRL of the CA, listing the revocations in effect now. */
  get(caId: CaId): Promise<Uint8Array>;
}

/** A positive INTEGER from canonical hex (a leading 00 octet keeps the sign bit clear). */
function serialInteger(serialHex: string): asn1js.Integer {
  const hex = /^[89a-f]/.test(serialHex) ? `00${serialHex}` : serialHex;
  return new asn1js.Integer({ valueHex: toArrayBuffer(Buffer.from(hex, 'hex')) });
}

export function isCaId(value: string): value is CaId {
  return (caIds as readonly string[]).includes(value);
}

export function createCrlIssuer(deps: RevocationServiceDeps): CrlIssuer {
  const { pki, revocations, clock, faults } = deps;
  return {
    async get(caId) {
      await faults.delay();
      const ca = pki.authority(caId);
      const now = wholeSeconds(clock.now());
      const revoked = revocations.byIssuer(caId, now);
      const crl = new pkijs.CertificateRevocationList({
        version: 1,
        issuer: ca.certificate.subject,
        thisUpdate: new pkijs.Time({ type: pkijs.TimeType.UTCTime, value: now }),
        nextUpdate: new pkijs.Time({
          type: pkijs.TimeType.UTCTime,
          value: new Date(now.getTime() + validityMs),
        }),
        ...(revoked.length > 0
          ? {
              revokedCertificates: revoked.map(
                (r) =>
                  new pkijs.RevokedCertificate({
                    userCertificate: serialInteger(r.serialHex),
                    revocationDate: new pkijs.Time({
                      type: pkijs.TimeType.UTCTime,
                      value: new Date(r.revokedAt),
                    }),
                    // RFC 5280 §5.3.1: reasonCode "unspecified" SHOULD be absent.
                    ...(r.reason === 'unspecified'
                      ? {}
                      : {
                          crlEntryExtensions: new pkijs.Extensions({
                            extensions: [
                              extension(
                                oid.crlReason,
                                false,
                                new asn1js.Enumerated({ value: revocationReasonCodes[r.reason] }),
                              ),
                            ],
                          }),
                        }),
                  }),
              ),
            }
          : {}),
        crlExtensions: new pkijs.Extensions({
          extensions: [
            authorityKeyIdentifierExtension(keyIdentifier(ca.certificate.subjectPublicKeyInfo)),
            // The CRL number only has to grow; the issue second of a fresh CRL does.
            extension(oid.crlNumber, false, new asn1js.Integer({ value: Math.floor(now.getTime() / 1000) })),
          ],
        }),
      });
      await signTbs(crl, ca.privateKey);
      return new Uint8Array(crl.toSchema(true).toBER(false));
    },
  };
}
