import { useState } from 'react';
import { useParams, useSearch } from '@tanstack/react-router';
import type { Legislation } from '@signet/contracts/common';
import type { IdentificationKind } from '@signet/contracts/identification';
import { keptDirectSignCredentials, takeDirectSignCredentials } from '../features/direct-sign/credentials.ts';
import { IdentificationMethodPage } from '../features/identification/components/identification-method-page.tsx';
import { MethodsPage } from '../features/identification/components/methods-page.tsx';
import { PersonalDetailsPage } from '../features/identification/components/personal-details-page.tsx';
import {
  LegislationChoicePage,
  StandardsOverviewPage,
} from '../features/identification/components/standards-overview-page.tsx';
import {
  VisitorIdentificationPage,
  VisitorLinkMissing,
  VisitorPreviewPage,
} from '../features/identification/components/visitor-pages.tsx';
import { userAccess, type SigningAccess } from '../lib/signing-access.ts';

// The signature-standards pages of spec §2: the profile's for account users (the request they
// identify for comes as `sr`), and the direct-sign twins for visitors, whose signing link this tab
// keeps (features/direct-sign/credentials.ts).

type VisitorAccess = Extract<SigningAccess, { kind: 'direct' }>;

function useSr(): string | undefined {
  const search = useSearch({ strict: false }) as { sr?: unknown };
  return typeof search.sr === 'string' ? search.sr : undefined;
}

function visitorAccessOf(credentials: { signerId: string; requestId: string; secret: string } | null) {
  return credentials ? ({ kind: 'direct', ...credentials } satisfies VisitorAccess) : null;
}

/** A visitor page needs the tab's signing link; without it the page says how to get back to it. */
function withVisitor(render: (access: VisitorAccess) => React.ReactNode) {
  return function VisitorRoute() {
    const [access] = useState(() => visitorAccessOf(keptDirectSignCredentials()));
    return access ? render(access) : <VisitorLinkMissing />;
  };
}

/** The direct link's pages name their request and signer; the secret may come in the fragment. */
function withVisitorFromParams(render: (access: VisitorAccess) => React.ReactNode) {
  return function VisitorParamsRoute() {
    const { id = '', userid = '' } = useParams({ strict: false });
    const [access] = useState(() => visitorAccessOf(takeDirectSignCredentials(id, userid)));
    return access ? render(access) : <VisitorLinkMissing />;
  };
}

function profile(render: (sr: string | undefined) => React.ReactNode) {
  return function ProfileRoute() {
    return render(useSr());
  };
}

const methodPage = (legislation: Legislation, kind: IdentificationKind) => ({
  profile: profile((sr) => (
    <IdentificationMethodPage access={userAccess} legislation={legislation} kind={kind} sr={sr} />
  )),
  direct: withVisitor((access) => (
    <IdentificationMethodPage access={access} legislation={legislation} kind={kind} />
  )),
});
const methodsPage = (legislation: Legislation) => ({
  profile: profile((sr) => <MethodsPage access={userAccess} legislation={legislation} sr={sr} />),
  direct: withVisitor((access) => <MethodsPage access={access} legislation={legislation} />),
});
const eidasSelf = methodPage('eidas', 'self');
const eidasVideo = methodPage('eidas', 'video');
const zertesAuto = methodPage('zertes', 'auto');
const zertesVideo = methodPage('zertes', 'video');
const eidas = methodsPage('eidas');
const zertes = methodsPage('zertes');

/** Page key (route table) → component, for pages.ts. */
export const identificationPages = {
  'signature-standards': profile((sr) => <StandardsOverviewPage sr={sr} />),
  'standards-update': profile((sr) => <LegislationChoicePage sr={sr} update />),
  'standards-legislation': profile((sr) => <LegislationChoicePage sr={sr} />),
  'standards-eidas': eidas.profile,
  'standards-eidas-self': eidasSelf.profile,
  'standards-eidas-video': eidasVideo.profile,
  'standards-zertes': zertes.profile,
  'standards-zertes-auto': zertesAuto.profile,
  'standards-zertes-video': zertesVideo.profile,
  'standards-zertes-personal-details': profile((sr) => <PersonalDetailsPage access={userAccess} sr={sr} />),
  'direct-eidas': eidas.direct,
  'direct-eidas-self': eidasSelf.direct,
  'direct-eidas-video': eidasVideo.direct,
  'direct-zertes': zertes.direct,
  'direct-zertes-auto': zertesAuto.direct,
  'direct-zertes-video': zertesVideo.direct,
  'direct-zertes-personal-details': withVisitor((access) => <PersonalDetailsPage access={access} />),
  'direct-identification': withVisitorFromParams((access) => <VisitorIdentificationPage access={access} />),
  'direct-identification-preview': withVisitorFromParams((access) => <VisitorPreviewPage access={access} />),
};
