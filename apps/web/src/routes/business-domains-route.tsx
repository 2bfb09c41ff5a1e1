import { DomainsPage } from '../features/business-domains/components/domains-page.tsx';
import { SsoSettingsCard } from '../features/business-sso/components/sso-settings-card.tsx';

/** /business/members/domains: the domains, and the single sign-on that applies to the verified ones. */
export function BusinessDomainsRoute() {
  return <DomainsPage after={(businessId) => <SsoSettingsCard businessId={businessId} />} />;
}
