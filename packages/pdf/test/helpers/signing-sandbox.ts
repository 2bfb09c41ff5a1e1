import { KeyObject, constants, privateEncrypt, webcrypto } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import {
  createTrustServices,
  type CertificateProfile,
  type CryptoKey,
  type IssuedEndEntity,
  type SandboxPki,
  type TrustServices,
} from '@signet/trust-services';
import { closePdfEngine } from '../../src/index';
import { certificatesFrom } from '../../src/signature/certificates';
import type { LocalSigner } from '../../src/signature/sign';
import type { RevocationTransports } from '../../src/signature/revocation';
import type { TimestampTransport } from '../../src/signature/timestamp';
import { createValidatorWorkspace, type ValidatorWorkspace } from './external-validators';

/** A signer's certificate and the key that stays outside the engine. */
export interface TestSigner {
  certificate: Uint8Array;
  /** Issuers up to the root. */
  chain: Uint8Array[];
  serialHex: string;
  privateKey: CryptoKey;
  /** Signs whole data, as a key at hand does (seals, platform AES). */
  local: LocalSigner;
  /** Signs only the 32-byte digest, as a CSC signHash service does (PKCS#1 v1.5 DigestInfo). */
  signHash(digest: Uint8Array): Uint8Array;
}

export interface SigningSandbox {
  services: TrustServices;
  trustListPem: string;
  timestamp: TimestampTransport;
  revocation: RevocationTransports;
  /** The sandbox CA certificates, for building the TSA chain (its tokens carry only the TSA certificate). */
  caCertificates: Uint8Array[];
  issue(profile: CertificateProfile, commonName: string): Promise<TestSigner>;
  dispose(): Promise<void>;
}

/** DigestInfo prefix of SHA-256 (RFC 8017 §9.2 note 1). */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

function signerFrom(issued: IssuedEndEntity): TestSigner {
  const privateKey = issued.privateKey;
  if (!privateKey) throw new Error('the sandbox did not return a private key');
  const keyObject = KeyObject.from(privateKey);
  return {
    certificate: issued.certificateDer,
    chain: issued.chainDer.slice(1),
    serialHex: issued.serialHex,
    privateKey,
    local: {
      async sign(_digest, signedAttributesDer) {
        const signature = await webcrypto.subtle.sign('RSASSA-PKCS1-v1_5', privateKey, signedAttributesDer);
        return new Uint8Array(signature);
      },
    },
    signHash(digest) {
      const block = Buffer.concat([SHA256_DIGEST_INFO, digest]);
      return new Uint8Array(privateEncrypt({ key: keyObject, padding: constants.RSA_PKCS1_PADDING }, block));
    },
  };
}

/**
 * Serves the sandbox OCSP responder and CRLs over HTTP on a local port, so that validators which
 * check revocation online (pdfsig through NSS) reach them at the URLs the certificates name.
 */
async function serveRevocation(
  services: () => TrustServices | undefined,
): Promise<{ baseUrl: string; server: Server }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const trust = services();
        const path = decodeURIComponent(request.url ?? '');
        try {
          if (!trust) throw new Error('not ready');
          if (path.startsWith('/sandbox/ocsp')) {
            // RFC 6960 A.1: POST with the DER body, or GET with the base64 request in the path.
            const body =
              request.method === 'POST'
                ? new Uint8Array(Buffer.concat(chunks))
                : new Uint8Array(Buffer.from(path.slice('/sandbox/ocsp/'.length), 'base64'));
            response.writeHead(200, { 'content-type': 'application/ocsp-response' });
            response.end(await trust.ocsp.respond(body));
            return;
          }
          const crl = /^\/sandbox\/crl\/([a-z]+-[a-z]+)\.crl$/.exec(path);
          if (crl) {
            response.writeHead(200, { 'content-type': 'application/pkix-crl' });
            response.end(await trust.crl.get(crl[1] as Parameters<TrustServices['crl']['get']>[0]));
            return;
          }
          response.writeHead(404).end();
        } catch {
          response.writeHead(500).end();
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/sandbox`, server };
}

/** The in-process sandbox TSA, OCSP responder and CRLs of a fresh PKI in a temporary folder. */
export async function createSigningSandbox(): Promise<SigningSandbox> {
  const dataDir = await mkdtemp(join(tmpdir(), 'signet-pdf-signing-'));
  // The server starts first: the certificates must name its port.
  const holder: { services?: TrustServices } = {};
  const { baseUrl, server } = await serveRevocation(() => holder.services);
  const services = await createTrustServices({ dataDir, publicBaseUrl: baseUrl });
  holder.services = services;
  const caOfCrlUrl = (url: string) => {
    const match = /\/crl\/([a-z]+-[a-z]+)\.crl$/.exec(url);
    if (!match) throw new Error(`not a sandbox CRL URL: ${url}`);
    return match[1] as Parameters<TrustServices['crl']['get']>[0];
  };
  return {
    services,
    trustListPem: services.pki.trustListPem(),
    caCertificates: certificatesFrom(services.pki.trustListPem()),
    timestamp: (request) => services.tsa.respond(request),
    revocation: {
      ocsp: (_url, request) => services.ocsp.respond(request),
      crl: (url) => services.crl.get(caOfCrlUrl(url)),
      issuer: async (url) => {
        const match = /\/ca\/([a-z]+-[a-z]+)\.cer$/.exec(url);
        if (!match) throw new Error(`not a sandbox caIssuers URL: ${url}`);
        return services.pki.authority(match[1] as Parameters<SandboxPki['authority']>[0]).certificateDer;
      },
    },
    async issue(profile, commonName) {
      const issued = await services.pki.issueEndEntity({
        subject: {
          commonName,
          organization: profile === 'seal' ? 'Signet Test Org' : undefined,
          country: 'CH',
        },
        profile,
        legislation: 'eidas',
        validityMinutes: 24 * 60,
      });
      return signerFrom(issued);
    },
    async dispose() {
      await new Promise((resolve) => server.close(resolve));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** What a signing test file works with: the sandbox trust services and the external validators. */
export interface SigningTools {
  sandbox: SigningSandbox;
  validators: ValidatorWorkspace;
}

/**
 * The sandbox and the validators for a test file: made before its first test, disposed (with the
 * PDF engine) after its last. Their fields are filled in then, so read them inside tests and hooks.
 */
export function useSigningTools(): SigningTools {
  const tools = {} as SigningTools;
  beforeAll(async () => {
    tools.sandbox = await createSigningSandbox();
    tools.validators = await createValidatorWorkspace(tools.sandbox.trustListPem);
  });
  afterAll(async () => {
    await closePdfEngine();
    await tools.validators?.dispose();
    await tools.sandbox?.dispose();
  });
  return tools;
}
