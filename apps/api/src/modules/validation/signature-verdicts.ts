import type { SignatureReport, SubIndication } from '@signet/pdf';
import type { DocumentValidation, SignatureVerdict } from '@signet/contracts/validation';

/** The checks (names without the `timestamp-` prefix) that can decide each sub-indication. */
const decidingChecks: Record<SubIndication, string[]> = {
  FORMAT_FAILURE: ['byte-range', 'byte-range-gap', 'format'],
  HASH_FAILURE: ['digest', 'message-imprint'],
  SIG_CRYPTO_FAILURE: ['signature-value', 'signature'],
  REVOKED: ['revocation'],
  NO_SIGNING_CERTIFICATE_FOUND: ['signing-certificate', 'signing-certificate-v2'],
  NO_CERTIFICATE_CHAIN_FOUND: ['certificate-chain'],
  OUT_OF_BOUNDS_NO_POE: ['certificate-validity'],
  SIG_CONSTRAINTS_FAILURE: ['modifications-after-signing', 'tsa-purpose'],
  TRY_LATER: ['revocation'],
};

/** The deciding check's own words ("certificate-chain: CN=… <- CN=…"), for the reader of a verdict. */
function reasonOf(report: SignatureReport): string | null {
  if (!report.subIndication) return null;
  const names = decidingChecks[report.subIndication];
  const failed = report.checks.filter((c) => !c.passed);
  const deciding = failed.find((c) => names.includes(c.name.replace(/^timestamp-/, ''))) ?? failed[0] ?? null;
  if (!deciding) return null;
  return deciding.detail ? `${deciding.name}: ${deciding.detail}` : deciding.name;
}

export function toVerdict(report: SignatureReport): SignatureVerdict {
  return {
    fieldName: report.fieldName,
    kind: report.kind,
    indication: report.indication,
    subIndication: report.subIndication ?? null,
    reason: reasonOf(report),
    signer: report.signer,
    signingTime: report.signingTime?.toISOString() ?? null,
    timestampTime: report.timestampTime?.toISOString() ?? null,
    revision: report.coveredRevision,
    coversWholeDocument: report.coversWholeDocument,
    laterChangesAllowed: report.modificationsAfter.allowed,
    disallowedChanges: report.modificationsAfter.changes
      .filter((change) => change.startsWith('disallowed'))
      .map((change) => change.replace(/^disallowed:\s*/, '')),
    level: report.level,
  };
}

/** What co-signers are warned of: a broken signature first, then changes nobody signed. */
export function warningOf(verdicts: SignatureVerdict[]): DocumentValidation['warning'] {
  if (verdicts.some((v) => v.indication === 'TOTAL-FAILED')) return 'broken';
  if (verdicts.some((v) => !v.laterChangesAllowed)) return 'unsigned-changes';
  return null;
}
