import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageFrame, PageLoading } from '../../../components/page-frame.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { ButtonLink } from '../../../components/router-links.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { userBusinessQueryOptions } from '../../../lib/api/get-user-business.ts';
import Box from '@mui/material/Box';

const ns = 'billing';

/**
 * /billing (spec §2): where members are sent from billing settings (their admins pay), and where
 * people who left a business, or whose business was deleted, choose how to go on personally.
 */
export function MemberBillingPage() {
  const { t } = useTranslation(ns);
  const business = useQuery(userBusinessQueryOptions);
  let content;
  if (business.isPending) content = <PageLoading label={t('member.loading')} />;
  else if (business.isError)
    content = (
      <RetryAlert severity="error" retryLabel={t('retry')} onRetry={() => void business.refetch()}>
        {t('member.load_failed')}
      </RetryAlert>
    );
  else if (business.data)
    content = (
      <SectionCard
        id="billing-business"
        heading={t('member.in_business_heading', { business: business.data.name })}
        intro={t(business.data.role === 'admin' ? 'member.admin_text' : 'member.in_business_text')}
        headingSpace={2}
      >
        {business.data.role === 'admin' ? (
          <ButtonLink to="/business/billing" variant="contained">
            {t('member.to_business_billing')}
          </ButtonLink>
        ) : (
          <ButtonLink to="/dashboard" variant="outlined">
            {t('member.to_dashboard')}
          </ButtonLink>
        )}
      </SectionCard>
    );
  else
    content = (
      <SectionCard
        id="billing-personal"
        heading={t('member.personal_heading')}
        intro={t('member.personal_text')}
        headingSpace={2}
      >
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          <ButtonLink to="/upgrade" variant="contained">
            {t('business.choose_plan')}
          </ButtonLink>
          <ButtonLink to="/dashboard" variant="outlined">
            {t('member.to_dashboard')}
          </ButtonLink>
        </Box>
      </SectionCard>
    );
  return (
    <PageFrame title={t('member.title')}>
      <Box sx={{ maxWidth: 820 }}>{content}</Box>
    </PageFrame>
  );
}
