import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import type { BillingInformation } from '@signet/contracts/billing';
import { BusinessAdminPage } from '../../../components/business-admin-page.tsx';
import { LockAlert } from '../../../components/business-lock-notice.tsx';
import { PageLoading } from '../../../components/page-frame.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { ButtonLink } from '../../../components/router-links.tsx';
import { formatDateTime } from '../../../lib/i18n.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import { useBillingInformation } from '../api/billing-information.ts';
import { billingNotice } from '../billing-notice.ts';

const ns = 'billing';

/**
 * The frame of the /business/billing pages: title, the business's billing information loaded (with
 * its loading and error states), the banners of spec §4, then the page's own content.
 */
export function BillingFrame({
  page,
  children,
}: {
  /** The page's strings: `<page>.title`, `<page>.subtitle`, `<page>.loading`. */
  page: 'business' | 'plan_page' | 'payment_page' | 'invoices_page';
  children: (businessId: string, info: BillingInformation) => ReactNode;
}) {
  const { t } = useTranslation(ns);
  return (
    <BusinessAdminPage
      title={t(`${page}.title`)}
      subtitle={t(`${page}.subtitle`)}
      loadingLabel={t(`${page}.loading`)}
      maxWidth={880}
    >
      {(businessId) => <WithInformation businessId={businessId} page={page} render={children} />}
    </BusinessAdminPage>
  );
}

function WithInformation({
  businessId,
  page,
  render,
}: {
  businessId: string;
  page: string;
  render: (businessId: string, info: BillingInformation) => ReactNode;
}) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const info = useBillingInformation(businessId);
  if (info.isPending) return <PageLoading label={t(`${page}.loading`)} />;
  if (info.isError)
    return (
      <RetryAlert severity="error" retryLabel={t('retry')} onRetry={() => void info.refetch()}>
        {t('business.load_failed')} {errorText(info.error)}
      </RetryAlert>
    );
  return (
    <>
      <BillingBanner businessId={businessId} info={info.data} />
      {render(businessId, info.data)}
    </>
  );
}

/** The banner of spec §4's states (billing-notice.ts decides which); a lock's is the lock notice's. */
function BillingBanner({ businessId, info }: { businessId: string; info: BillingInformation }) {
  const { t } = useTranslation(ns);
  const notice = billingNotice(info);
  const choose = (
    <ButtonLink to="/upgrade" color="inherit" size="small">
      {t('business.choose_plan')}
    </ButtonLink>
  );
  switch (notice?.kind) {
    case undefined:
      return null;
    case 'blocked':
    case 'trial_over':
      return <LockAlert lock={notice.kind} businessId={businessId} />;
    case 'payment_issues':
      return (
        <Alert
          severity="warning"
          role="alert"
          action={
            <ButtonLink to="/business/billing/payment" color="inherit" size="small">
              {t('business.check_payment')}
            </ButtonLink>
          }
        >
          {t('business.payment_issues')}
        </Alert>
      );
    case 'trial':
      return (
        <Alert severity="info" action={choose}>
          {t('business.trial_banner', { count: notice.daysLeft, date: formatDateTime(notice.endAt) })}
        </Alert>
      );
    case 'cancelling':
      return (
        <Alert severity="info" role="status">
          {t('business.cancelling', { date: formatDateTime(notice.endAt ?? new Date()) })}
        </Alert>
      );
  }
}
