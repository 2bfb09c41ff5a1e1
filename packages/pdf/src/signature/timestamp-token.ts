import { certificatesFrom, uniqueCertificates } from './certificates';
import { checkToken, Verdict, type ValidationCheck } from './validate';

export interface TimestampTokenVerification {
  /** An intact token over exactly this data, signed by a time-stamping certificate that chains to a trust anchor. */
  valid: boolean;
  /** The time the token states, when it could be read. */
  time: Date | null;
  /** Subject of the TSA's certificate, when it was found. */
  tsa: string | null;
  /** Every check made; the TSA certificate's revocation is among them but does not decide `valid`. */
  checks: ValidationCheck[];
}

/**
 * Verifies an RFC 3161 timestamp token over `data` on its own, outside a PDF (an audit trail's head,
 * say), with the same checks as a signature timestamp: the imprint, the CMS signature, the TSA
 * certificate's purpose and its chain to one of `trustAnchors`. Never throws for a bad token.
 */
export async function verifyTimestampToken(
  tokenDer: Uint8Array,
  data: Uint8Array,
  options: { trustAnchors: Uint8Array[] | string },
): Promise<TimestampTokenVerification> {
  const verdict = new Verdict();
  const token = await checkToken(
    verdict,
    '',
    tokenDer,
    [data],
    {
      anchors: uniqueCertificates(certificatesFrom(options.trustAnchors)),
      material: { certificates: [], ocsps: [], crls: [] },
    },
    { hash: ['TOTAL-FAILED', 'HASH_FAILURE'] },
  );
  return {
    valid: token.valid,
    time: token.time,
    tsa: token.chain?.chain[0]?.subject ?? null,
    checks: verdict.checks,
  };
}
