import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as asn1js from 'asn1js';
import { isSelfSigned, parseCertificate, certificatesFrom } from '../../src/signature/certificates';
import { parseCms } from '../../src/signature/cms';

const run = promisify(execFile);

export interface ToolResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function tool(command: string, args: string[]): Promise<ToolResult> {
  try {
    const { stdout, stderr } = await run(command, args, { maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const error = e as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof error.code === 'number' ? error.code : -1,
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    };
  }
}

/** One signature as pdfsig describes it. */
export interface PdfsigEntry {
  fieldName: string;
  text: string;
  valid: boolean;
  trusted: boolean;
  totalDocument: boolean;
}

/** A scratch folder with the trust list as PEM and as an NSS database for pdfsig. */
export interface ValidatorWorkspace {
  dir: string;
  trustListFile: string;
  nssDir: string;
  file(name: string, bytes: Uint8Array): Promise<string>;
  pdfsig(pdf: Uint8Array): Promise<{ result: ToolResult; signatures: PdfsigEntry[] }>;
  qpdfCheck(pdf: Uint8Array): Promise<ToolResult>;
  /** openssl cms -verify over the bytes the ByteRange covers; against the trust list unless `caFile`. */
  opensslCmsVerify(cms: Uint8Array, signedBytes: Uint8Array, caFile?: string): Promise<ToolResult>;
  /** openssl ts -verify of the signature timestamp token over the signature value. */
  opensslTsVerify(cms: Uint8Array): Promise<ToolResult>;
  /** openssl ts -verify of an RFC 3161 token over `data`, against the trust list. */
  opensslTsVerifyToken(token: Uint8Array, data: Uint8Array): Promise<ToolResult>;
  dispose(): Promise<void>;
}

export async function createValidatorWorkspace(trustListPem: string): Promise<ValidatorWorkspace> {
  const dir = await mkdtemp(join(tmpdir(), 'signet-pdf-validators-'));
  const trustListFile = join(dir, 'trust-list.pem');
  await writeFile(trustListFile, trustListPem);
  const nssDir = join(dir, 'nss');
  await run('mkdir', ['-p', nssDir]);
  await run('certutil', ['-N', '-d', `sql:${nssDir}`, '--empty-password']);
  let n = 0;
  for (const der of certificatesFrom(trustListPem)) {
    const cert = parseCertificate(der);
    const certFile = join(dir, `ca-${n}.der`);
    await writeFile(certFile, der);
    // Roots are the trust anchors; issuing CAs go in untrusted, for path building only.
    const trust = isSelfSigned(cert) ? 'CT,C,C' : ',,';
    await run('certutil', [
      '-A',
      '-d',
      `sql:${nssDir}`,
      '-n',
      `signet-ca-${n++}`,
      '-t',
      trust,
      '-i',
      certFile,
    ]);
  }
  let counter = 0;
  const file = async (name: string, bytes: Uint8Array) => {
    const path = join(dir, `${counter++}-${name}`);
    await writeFile(path, bytes);
    return path;
  };
  const opensslTsVerifyToken = async (token: Uint8Array, data: Uint8Array) =>
    tool('openssl', [
      'ts',
      '-verify',
      '-token_in',
      '-in',
      await file('token.der', token),
      '-data',
      await file('data.bin', data),
      '-CAfile',
      trustListFile,
      '-untrusted',
      trustListFile,
    ]);
  return {
    dir,
    trustListFile,
    nssDir,
    file,
    async pdfsig(pdf) {
      const path = await file('doc.pdf', pdf);
      // Online OCSP stays on: poppler's -no-ocsp mode reports every chain as an "unknown issue",
      // and the sandbox responder is served locally at the URLs the certificates name.
      const result = await tool('pdfsig', ['-nssdir', `sql:${nssDir}`, path]);
      const blocks = result.stdout.split(/^Signature #\d+:$/m).slice(1);
      const signatures = blocks.map((text) => ({
        fieldName: /Signature Field Name: (.*)$/m.exec(text)?.[1]?.trim() ?? '',
        text,
        valid: text.includes('Signature Validation: Signature is Valid.'),
        trusted: text.includes('Certificate Validation: Certificate is Trusted.'),
        totalDocument: text.includes('- Total document signed'),
      }));
      return { result, signatures };
    },
    async qpdfCheck(pdf) {
      return tool('qpdf', ['--check', await file('doc.pdf', pdf)]);
    },
    async opensslCmsVerify(cms, signedBytes, caFile = trustListFile) {
      const sig = await file('sig.der', cms);
      const content = await file('content.bin', signedBytes);
      return tool('openssl', [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        sig,
        '-content',
        content,
        '-CAfile',
        caFile,
        '-purpose',
        'any',
        '-out',
        '/dev/null',
      ]);
    },
    async opensslTsVerify(cms) {
      const parsed = parseCms(cms);
      const token = parsed.timeStampTokens[0];
      if (!token) return { code: -1, stdout: '', stderr: 'no signature timestamp in the CMS' };
      return opensslTsVerifyToken(token, parsed.signatureValue);
    },
    opensslTsVerifyToken,
    async dispose() {
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The DER CMS in a /Contents gap (zero padding stripped) and the bytes the ByteRange covers. */
export function extractSignature(
  pdf: Uint8Array,
  byteRange: readonly number[],
): { cms: Uint8Array; signedBytes: Uint8Array } {
  const [a = 0, b = 0, c = 0, d = 0] = byteRange;
  const hex = new TextDecoder('latin1').decode(pdf.subarray(a + b + 1, c - 1));
  const padded = new Uint8Array(Buffer.from(hex, 'hex'));
  const asn = asn1js.fromBER(padded);
  const cms = padded.subarray(0, asn.offset);
  return { cms, signedBytes: Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]) };
}
