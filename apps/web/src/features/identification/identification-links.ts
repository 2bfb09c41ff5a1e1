import { linkOptions } from '@tanstack/react-router';
import type { Legislation } from '@signet/contracts/common';
import type { IdentificationKind } from '@signet/contracts/identification';
import type { SigningAccess } from '../../lib/signing-access.ts';

// The same identification pages exist twice (spec §2): in the profile for account users, and under
// /direct-sign/identification for visitors, whose signing link is kept for the tab. A user carries
// the request they identify for as `sr`; a visitor's request is the one of their link.

/** The request the person identifies for, if any. */
export function requestOf(access: SigningAccess, sr: string | undefined): string | undefined {
  return access.kind === 'direct' ? access.requestId : sr;
}

const srSearch = (sr: string | undefined) => (sr ? { sr } : {});

/** The pages that exist under both roots, named by their path below it. */
type TwinPage =
  | 'eidas'
  | 'eidas/self'
  | 'eidas/video'
  | 'zertes'
  | 'zertes/auto'
  | 'zertes/video'
  | 'zertes/personal-details';

/** A page for the person: the visitor's twin under their link, or the user's with the request they carry. */
function twinLink(access: SigningAccess, page: TwinPage, sr: string | undefined) {
  return access.kind === 'direct'
    ? linkOptions({ to: `/direct-sign/identification/${page}` })
    : linkOptions({ to: `/profile/signature-standards/${page}`, search: srSearch(sr) });
}

/** The page of one way to identify under a legislation (eIDAS: self or video; ZertES: auto or video). */
export function methodLink(
  access: SigningAccess,
  legislation: Legislation,
  kind: IdentificationKind,
  sr?: string,
) {
  if (kind === 'video') return twinLink(access, `${legislation}/video`, sr);
  return twinLink(access, legislation === 'eidas' ? 'eidas/self' : 'zertes/auto', sr);
}

/** The list of ways to identify under a legislation. */
export function legislationLink(access: SigningAccess, legislation: Legislation, sr?: string) {
  return twinLink(access, legislation, sr);
}

/** ZertES: the details the identity document is checked against. */
export function personalDetailsLink(access: SigningAccess, sr?: string) {
  return twinLink(access, 'zertes/personal-details', sr);
}

/** Where the person started: the visitor's identification page of their request, or the profile's overview. */
export function overviewLink(access: SigningAccess, sr?: string) {
  return access.kind === 'direct'
    ? linkOptions({
        to: '/direct-sign/identification/$id/$userid',
        params: { id: access.requestId, userid: access.signerId },
      })
    : linkOptions({ to: '/profile/signature-standards', search: srSearch(sr) });
}

/** A visitor's way back to their document (the signing link this tab keeps). */
export function visitorDocumentLink(access: Extract<SigningAccess, { kind: 'direct' }>) {
  return linkOptions({ to: '/view/$id/$userid', params: { id: access.requestId, userid: access.signerId } });
}

/** Back to the signing of the request, once the quality is there. */
export function signingLink(access: SigningAccess, sr: string | undefined) {
  if (access.kind === 'direct') return visitorDocumentLink(access);
  return sr ? linkOptions({ to: '/view/$srid', params: { srid: sr } }) : undefined;
}
