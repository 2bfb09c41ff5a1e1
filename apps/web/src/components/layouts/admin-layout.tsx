import { useQuery } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { userBusinessQueryOptions } from '../../lib/api/get-user-business.ts';
import type { StaticPath } from '../router-links.tsx';
import { MainShell } from './main-layout.tsx';
import { SectionNav, type SectionNavSection } from './section-nav.tsx';

/** A sidebar section: its heading's key, and each page's path with its page key (its title's key). */
const section = (heading: string, pages: [StaticPath, string][]): SectionNavSection => ({
  heading: `business_nav.${heading}`,
  items: pages.map(([to, pageKey]) => ({ to, label: `titles.${pageKey}` })),
});

/** Spec §2 admin area: business dashboard and the business-members, business-billing, business-profile sections. */
const sections: SectionNavSection[] = [
  section('overview', [
    ['/business/dashboard', 'business-dashboard'],
    ['/business/activity', 'business-activity'],
    ['/business/settings', 'business-settings'],
    ['/business/seals', 'business-seals'],
    ['/business/extras', 'business-extras'],
    ['/business/developers/api', 'business-api'],
  ]),
  section('business-members', [
    ['/business/members', 'business-members'],
    ['/business/members/domains', 'business-domains'],
  ]),
  section('business-billing', [
    ['/business/billing', 'business-billing'],
    ['/business/billing/plan', 'business-billing-plan'],
    ['/business/billing/payment', 'business-billing-payment'],
    ['/business/billing/invoices', 'business-billing-invoices'],
  ]),
  section('business-profile', [
    ['/business/profile', 'business-profile'],
    ['/business/profile/aes-for-business', 'business-aes'],
  ]),
];

function BusinessNav() {
  const { t } = useTranslation();
  const business = useQuery(userBusinessQueryOptions).data;
  return (
    <SectionNav
      label={t('business_nav.label')}
      heading={business?.name || t('business_nav.overview')}
      sections={sections}
    />
  );
}

export function AdminLayout() {
  return (
    <MainShell aside={<BusinessNav />}>
      <Outlet />
    </MainShell>
  );
}
