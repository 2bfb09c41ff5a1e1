import { createHash, webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { fromPem, toArrayBuffer, toPem } from './pem.js';

// The workspace compiles without the DOM lib, so the WebCrypto types come from node:crypto.
export type CryptoKey = webcrypto.CryptoKey;
export type CryptoKeyPair = webcrypto.CryptoKeyPair;

/**
 * One PKI.js engine over node's WebCrypto, passed explicitly to every PKI.js call, so this package does
 * not depend on (or change) whichever global engine another package in the same process has set.
 */
export const cryptoEngine = new pkijs.CryptoEngine({
  name: 'signet-trust-services',
  crypto: webcrypto as unknown as ConstructorParameters<typeof pkijs.CryptoEngine>[0]['crypto'],
});

/** RSA-2048 with SHA-256: what every validator (pdfsig, openssl, Acrobat-class readers) accepts. */
const rsaAlgorithm: webcrypto.RsaHashedKeyGenParams = {
  name: 'RSASSA-PKCS1-v1_5',
  modulusLength: 2048,
  publicExponent: new Uint8Array([1, 0, 1]),
  hash: 'SHA-256',
};

export async function generateKeyPair(): Promise<CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(rsaAlgorithm, true, ['sign', 'verify'])) as CryptoKeyPair;
}

export async function exportPrivateKeyPem(privateKey: CryptoKey): Promise<string> {
  const der = await webcrypto.subtle.exportKey('pkcs8', privateKey);
  return toPem('PRIVATE KEY', new Uint8Array(der));
}

export async function importPrivateKeyPem(pem: string): Promise<CryptoKey> {
  const der = fromPem(pem, 'PRIVATE KEY')[0];
  if (!der) throw new Error('no PRIVATE KEY block in PEM');
  return (await webcrypto.subtle.importKey('pkcs8', toArrayBuffer(der), rsaAlgorithm, true, [
    'sign',
  ])) as CryptoKey;
}

/** Imports a SubjectPublicKeyInfo (DER) so it can be placed in a certificate. */
export async function importPublicKeySpki(spkiDer: Uint8Array): Promise<CryptoKey> {
  return (await webcrypto.subtle.importKey('spki', toArrayBuffer(spkiDer), rsaAlgorithm, true, [
    'verify',
  ])) as CryptoKey;
}

export async function publicKeyFromPrivate(privateKey: CryptoKey): Promise<CryptoKey> {
  // A PKCS#8 RSA key carries its public half; going through JWK drops the private members.
  const jwk = await webcrypto.subtle.exportKey('jwk', privateKey);
  const { kty, n, e } = jwk;
  return (await webcrypto.subtle.importKey('jwk', { kty, n, e }, rsaAlgorithm, true, [
    'verify',
  ])) as CryptoKey;
}

/** RFC 5280 §4.2.1.2 method (1): SHA-1 of the subjectPublicKey BIT STRING contents. */
export function keyIdentifier(spki: pkijs.PublicKeyInfo): Uint8Array {
  return new Uint8Array(createHash('sha1').update(spki.subjectPublicKey.valueBlock.valueHexView).digest());
}

/**
 * sha256WithRSAEncryption with the explicit NULL parameters RFC 4055 §5 asks for (PKI.js omits them,
 * which some strict validators reject), used for certificates, CRLs, OCSP responses and CMS.
 */
export function sha256WithRsaAlgorithm(): pkijs.AlgorithmIdentifier {
  return new pkijs.AlgorithmIdentifier({
    algorithmId: '1.2.840.113549.1.1.11',
    algorithmParams: new asn1js.Null(),
  });
}

export async function signRsaSha256(privateKey: CryptoKey, data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await webcrypto.subtle.sign('RSASSA-PKCS1-v1_5', privateKey, data));
}

/** Signs a certificate or CRL: sets both algorithm fields, then signs the encoded TBS part. */
export async function signTbs(
  target: pkijs.Certificate | pkijs.CertificateRevocationList,
  privateKey: CryptoKey,
): Promise<void> {
  target.signature = sha256WithRsaAlgorithm();
  target.signatureAlgorithm = sha256WithRsaAlgorithm();
  // encodeTBS is protected on CertificateRevocationList in the typings but public at runtime.
  const tbs = (target as unknown as { encodeTBS(): asn1js.Sequence }).encodeTBS().toBER(false);
  (target as unknown as { tbsView: Uint8Array }).tbsView = new Uint8Array(tbs);
  const signature = await signRsaSha256(privateKey, new Uint8Array(tbs));
  target.signatureValue = new asn1js.BitString({ valueHex: toArrayBuffer(signature) });
}
