import BarChartOutlinedIcon from '@mui/icons-material/BarChartOutlined';
import DnsOutlinedIcon from '@mui/icons-material/DnsOutlined';
import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BusinessAdminPage } from '../../../components/business-admin-page.tsx';
import { ButtonLink, type StaticPath } from '../../../components/router-links.tsx';
import { userBusinessQueryOptions } from '../../../lib/api/get-user-business.ts';
import { BenefitCards } from './business-benefits.tsx';

const ns = 'business';

/** The next steps of a new business, in the order an admin usually takes them. */
const steps: Array<{ key: string; icon: ReactNode; to: StaticPath }> = [
  { key: 'members', icon: <GroupAddOutlinedIcon />, to: '/business/members' },
  { key: 'domains', icon: <DnsOutlinedIcon />, to: '/business/members/domains' },
  { key: 'seals', icon: <VerifiedOutlinedIcon />, to: '/business/seals' },
  { key: 'settings', icon: <SettingsOutlinedIcon />, to: '/business/settings' },
  { key: 'dashboard', icon: <BarChartOutlinedIcon />, to: '/business/dashboard' },
];

/** /business/welcome (admins): the business is ready; what to do next, each step a link. */
export function WelcomePage() {
  const { t } = useTranslation(ns);
  const business = useQuery(userBusinessQueryOptions);
  return (
    <BusinessAdminPage
      title={t('welcome.title', { business: business.data?.name ?? '' })}
      subtitle={t('welcome.subtitle')}
      loadingLabel={t('welcome.loading')}
    >
      {() => (
        <>
          {business.data?.paymentMethod === 'TRIALING' && (
            <Alert severity="info">{t('welcome.trial', { plan: business.data.pricePlanName ?? '' })}</Alert>
          )}
          <BenefitCards
            label={t('welcome.steps')}
            cards={steps.map((step) => ({
              key: step.key,
              icon: step.icon,
              heading: t(`welcome.${step.key}.heading`),
              text: t(`welcome.${step.key}.text`),
              action: (
                <ButtonLink to={step.to} variant="outlined" sx={{ alignSelf: 'flex-start' }}>
                  {t(`welcome.${step.key}.action`)}
                </ButtonLink>
              ),
            }))}
          />
        </>
      )}
    </BusinessAdminPage>
  );
}
