import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { wholeSeconds, type Clock } from '../control/clock.js';
import type { FaultSwitches } from '../control/faults.js';
import { certificateDer, namedBitString, randomSerial } from '../pki/certificate-builder.js';
import { sha256WithRsaAlgorithm, signRsaSha256 } from '../pki/keys.js';
import { hashAlgorithms, oid } from '../pki/oids.js';
import { toArrayBuffer } from '../pki/pem.js';
import type { SandboxPki } from '../pki/sandbox-pki.js';

/** PKIFailureInfo bits (RFC 3161 §2.4.2). */
const failure = {
  badAlg: 0,
  badRequest: 2,
  badDataFormat: 5,
  unacceptedPolicy: 15,
  unacceptedExtension: 16,
} as const;

/** Thrown by `respond` while the `tsaDown` fault is on; the HTTP route maps it to 503. */
export class TsaUnavailableError extends Error {
  constructor() {
    super('the sandbox TSA is switched off (fault injection)');
    this.name = 'TsaUnavailableError';
  }
}

export interface TimestampAuthority {
  /** Answers a DER TimeStampReq with a DER TimeStampResp (a rejection for bad requests, never a throw). */
  respond(requestDer: Uint8Array): Promise<Uint8Array>;
}

function rejection(failInfo: number, text: string): Uint8Array {
  return new Uint8Array(
    new pkijs.TimeStampResp({
      status: new pkijs.PKIStatusInfo({
        status: pkijs.PKIStatus.rejection,
        statusStrings: [new asn1js.Utf8String({ value: text })],
        failInfo: namedBitString([failInfo]),
      }),
    })
      .toSchema()
      .toBER(false),
  );
}

function attribute(type: string, value: asn1js.BaseBlock): pkijs.Attribute {
  return new pkijs.Attribute({ type, values: [value] });
}

function sha256Identifier(): pkijs.AlgorithmIdentifier {
  // RFC 5754: SHA-2 AlgorithmIdentifiers are generated with absent parameters.
  return new pkijs.AlgorithmIdentifier({ algorithmId: oid.sha256 });
}

/** RFC 3161 time-stamping unit signing with the sandbox TSA certificate; genTime comes from the clock. */
export function createTimestampAuthority(deps: {
  pki: SandboxPki;
  clock: Clock;
  faults: FaultSwitches;
}): TimestampAuthority {
  const { pki, clock, faults } = deps;
  const tsa = pki.tsa;
  const tsaCertDer = certificateDer(tsa.certificate);
  return {
    async respond(requestDer) {
      await faults.delay();
      if (faults.get().tsaDown) throw new TsaUnavailableError();
      let request: pkijs.TimeStampReq;
      try {
        request = pkijs.TimeStampReq.fromBER(toArrayBuffer(requestDer));
      } catch {
        return rejection(failure.badDataFormat, 'the request is not a DER TimeStampReq');
      }
      const algorithm = hashAlgorithms[request.messageImprint.hashAlgorithm.algorithmId];
      if (!algorithm) return rejection(failure.badAlg, 'unsupported hash algorithm');
      if (request.messageImprint.hashedMessage.valueBlock.valueHexView.byteLength !== algorithm.length)
        return rejection(failure.badDataFormat, 'the hashed message does not match the hash algorithm');
      if (request.reqPolicy && request.reqPolicy !== oid.sandboxTsaPolicy)
        return rejection(failure.unacceptedPolicy, `only policy ${oid.sandboxTsaPolicy} is offered`);
      if (request.extensions && request.extensions.length > 0)
        return rejection(failure.unacceptedExtension, 'request extensions are not supported');

      const tstInfo = new pkijs.TSTInfo({
        version: 1,
        policy: oid.sandboxTsaPolicy,
        messageImprint: request.messageImprint,
        serialNumber: new asn1js.Integer({ valueHex: toArrayBuffer(randomSerial()) }),
        genTime: wholeSeconds(clock.now()),
        accuracy: new pkijs.Accuracy({ seconds: 1 }),
        ...(request.nonce ? { nonce: request.nonce } : {}),
        tsa: new pkijs.GeneralName({ type: 4, value: tsa.certificate.subject }),
      });
      const tstInfoDer = new Uint8Array(tstInfo.toSchema().toBER(false));

      // ESS signing-certificate-v2 (RFC 5035) binds the TSA certificate to the token.
      const essCertIdV2 = new asn1js.Sequence({
        value: [
          // hashAlgorithm is omitted: its DEFAULT is id-sha256.
          new asn1js.OctetString({
            valueHex: toArrayBuffer(createHash('sha256').update(tsaCertDer).digest()),
          }),
          new asn1js.Sequence({
            value: [
              new pkijs.GeneralNames({
                names: [new pkijs.GeneralName({ type: 4, value: tsa.certificate.issuer })],
              }).toSchema(),
              tsa.certificate.serialNumber,
            ],
          }),
        ],
      });
      const signedAttributes = [
        attribute(oid.contentType, new asn1js.ObjectIdentifier({ value: oid.ctTstInfo })),
        attribute(
          oid.messageDigest,
          new asn1js.OctetString({
            valueHex: toArrayBuffer(createHash('sha256').update(tstInfoDer).digest()),
          }),
        ),
        attribute(
          oid.signingCertificateV2,
          new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] }),
        ),
      ];
      // DER orders SET OF by encoding; the signature covers that SET.
      const sorted = signedAttributes
        .map((a) => ({ a, der: Buffer.from(a.toSchema().toBER(false)) }))
        .sort((x, y) => Buffer.compare(x.der, y.der))
        .map((x) => x.a);
      const signedAttrs = new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes: sorted });
      const toSign = new Uint8Array(new asn1js.Set({ value: sorted.map((a) => a.toSchema()) }).toBER(false));

      const signedData = new pkijs.SignedData({
        version: 3,
        digestAlgorithms: [sha256Identifier()],
        encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: oid.ctTstInfo }),
        ...(request.certReq ? { certificates: [tsa.certificate] } : {}),
        signerInfos: [
          new pkijs.SignerInfo({
            version: 1,
            sid: new pkijs.IssuerAndSerialNumber({
              issuer: tsa.certificate.issuer,
              serialNumber: tsa.certificate.serialNumber,
            }),
            digestAlgorithm: sha256Identifier(),
            signedAttrs,
            signatureAlgorithm: sha256WithRsaAlgorithm(),
            signature: new asn1js.OctetString({
              valueHex: toArrayBuffer(await signRsaSha256(tsa.privateKey, toSign)),
            }),
          }),
        ],
      });
      // Set after construction: the constructor would split eContent into a constructed (BER-only) OCTET STRING.
      signedData.encapContentInfo.eContent = new asn1js.OctetString({ valueHex: toArrayBuffer(tstInfoDer) });
      return new Uint8Array(
        new pkijs.TimeStampResp({
          status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }),
          timeStampToken: new pkijs.ContentInfo({
            contentType: oid.signedData,
            content: signedData.toSchema(true),
          }),
        })
          .toSchema()
          .toBER(false),
      );
    },
  };
}
