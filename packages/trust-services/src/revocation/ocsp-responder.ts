import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { wholeSeconds } from '../control/clock.js';
import { serialHexOf } from '../pki/certificate-builder.js';
import { keyIdentifier, sha256WithRsaAlgorithm, signRsaSha256 } from '../pki/keys.js';
import { hashAlgorithms, oid } from '../pki/oids.js';
import { toArrayBuffer } from '../pki/pem.js';
import type { CertificateAuthority, SandboxPki } from '../pki/sandbox-pki.js';
import { revocationReasonCodes, type RevocationServiceDeps } from './revocation-store.js';

/** OCSPResponseStatus (RFC 6960 §4.2.1). */
const responseStatus = { successful: 0, malformedRequest: 1, internalError: 2, unauthorized: 6 } as const;

/** How long a relying party may cache an answer (nextUpdate - thisUpdate). */
const validityMs = 60 * 60_000;

export interface OcspResponder {
  /** Answers a DER OCSPRequest with a DER OCSPResponse; never throws on bad input. */
  respond(requestDer: Uint8Array): Promise<Uint8Array>;
}

function statusOnly(status: number): Uint8Array {
  return new Uint8Array(
    new pkijs.OCSPResponse({ responseStatus: new asn1js.Enumerated({ value: status }) })
      .toSchema()
      .toBER(false),
  );
}

function contextTag(
  tagNumber: number,
  constructed: boolean,
  value: asn1js.BaseBlock[] = [],
): asn1js.BaseBlock {
  const idBlock = { tagClass: 3, tagNumber };
  return constructed ? new asn1js.Constructed({ idBlock, value }) : new asn1js.Primitive({ idBlock });
}

/** Finds the CA a CertID names by comparing the hashes of each CA's name and key. */
function findIssuer(pki: SandboxPki, certId: pkijs.CertID): CertificateAuthority | undefined {
  const algorithm = hashAlgorithms[certId.hashAlgorithm.algorithmId];
  if (!algorithm) return undefined;
  const nameHash = Buffer.from(certId.issuerNameHash.valueBlock.valueHexView);
  const keyHash = Buffer.from(certId.issuerKeyHash.valueBlock.valueHexView);
  for (const ca of pki.authorities.values()) {
    const subjectDer = new Uint8Array(ca.certificate.subject.toSchema().toBER(false));
    const caKey = ca.certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView;
    if (
      nameHash.equals(createHash(algorithm.name).update(subjectDer).digest()) &&
      keyHash.equals(createHash(algorithm.name).update(caKey).digest())
    )
      return ca;
  }
  return undefined;
}

/**
 * RFC 6960 responder for every sandbox CA. Each CA has its own delegated responder certificate (EKU
 * OCSPSigning, ocsp-nocheck), included in the response. One response is signed by one responder, so a
 * request naming certificates of several CAs is answered for the CA of its first entry; entries of other
 * CAs get "unknown".
 */
export function createOcspResponder(deps: RevocationServiceDeps): OcspResponder {
  const { pki, revocations, clock, faults } = deps;
  return {
    async respond(requestDer) {
      await faults.delay();
      let request: pkijs.OCSPRequest;
      try {
        request = pkijs.OCSPRequest.fromBER(toArrayBuffer(requestDer));
      } catch {
        return statusOnly(responseStatus.malformedRequest);
      }
      const entries = request.tbsRequest.requestList;
      const first = entries[0];
      if (!first) return statusOnly(responseStatus.malformedRequest);
      const ca = findIssuer(pki, first.reqCert);
      if (!ca) return statusOnly(responseStatus.unauthorized);

      const now = wholeSeconds(clock.now());
      const unknownStatus = faults.get().ocspUnknown;
      const responses = entries.map((entry) => {
        const serialHex = serialHexOf(entry.reqCert.serialNumber);
        const issued = pki.issued.find(serialHex);
        const known =
          !unknownStatus && issued?.issuerId === ca.id && findIssuer(pki, entry.reqCert)?.id === ca.id;
        const revocation = known ? revocations.find(serialHex, now) : undefined;
        let certStatus: asn1js.BaseBlock;
        if (!known) certStatus = contextTag(2, false);
        else if (!revocation) certStatus = contextTag(0, false);
        else {
          // RevokedInfo ::= SEQUENCE { revocationTime GeneralizedTime, revocationReason [0] EXPLICIT CRLReason OPTIONAL }
          certStatus = contextTag(1, true, [
            new asn1js.GeneralizedTime({ valueDate: new Date(revocation.revokedAt) }),
            ...(revocation.reason === 'unspecified'
              ? []
              : [
                  contextTag(0, true, [
                    new asn1js.Enumerated({ value: revocationReasonCodes[revocation.reason] }),
                  ]),
                ]),
          ]);
        }
        return new pkijs.SingleResponse({
          certID: entry.reqCert,
          certStatus,
          thisUpdate: now,
          nextUpdate: new Date(now.getTime() + validityMs),
        });
      });

      const responder = pki.ocspResponder(ca.id);
      const nonce = request.tbsRequest.requestExtensions?.find((e) => e.extnID === oid.ocspNonce);
      const tbsResponseData = new pkijs.ResponseData({
        responderID: new asn1js.OctetString({
          valueHex: toArrayBuffer(keyIdentifier(responder.certificate.subjectPublicKeyInfo)),
        }),
        producedAt: now,
        responses,
        ...(nonce ? { responseExtensions: [nonce] } : {}),
      });
      const tbs = new Uint8Array(tbsResponseData.toSchema(true).toBER(false));
      // BasicOCSPResponse.toSchema re-emits these cached bytes.
      tbsResponseData.tbsView = tbs;
      const basic = new pkijs.BasicOCSPResponse({
        tbsResponseData,
        signatureAlgorithm: sha256WithRsaAlgorithm(),
        signature: new asn1js.BitString({
          valueHex: toArrayBuffer(await signRsaSha256(responder.privateKey, tbs)),
        }),
        certs: [responder.certificate],
      });
      return new Uint8Array(
        new pkijs.OCSPResponse({
          responseStatus: new asn1js.Enumerated({ value: responseStatus.successful }),
          responseBytes: new pkijs.ResponseBytes({
            responseType: oid.ocspBasic,
            response: new asn1js.OctetString({ valueHex: basic.toSchema().toBER(false) }),
          }),
        })
          .toSchema()
          .toBER(false),
      );
    },
  };
}
