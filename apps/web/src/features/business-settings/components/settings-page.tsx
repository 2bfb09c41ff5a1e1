import { useTranslation } from 'react-i18next';
import { BusinessAdminPage } from '../../../components/business-admin-page.tsx';
import { useBusinessSettings } from '../../../lib/api/business-settings.ts';
import { QueryContent } from './query-content.tsx';
import { MailAndMoreCard } from './mail-and-more-card.tsx';
import { RequestSettingsCard } from './request-settings-card.tsx';
import { SupportContactCard } from './support-contact-card.tsx';

const ns = 'business-settings';

/** /business/settings (spec §3 settings): support contact, requests, mail attachments and more. */
export function BusinessSettingsPage() {
  const { t } = useTranslation(ns);
  return (
    <BusinessAdminPage title={t('title')} subtitle={t('subtitle')} loadingLabel={t('loading')} maxWidth={820}>
      {(businessId) => <Settings businessId={businessId} />}
    </BusinessAdminPage>
  );
}

function Settings({ businessId }: { businessId: string }) {
  const { t } = useTranslation(ns);
  return (
    <QueryContent query={useBusinessSettings(businessId)} loadingLabel={t('loading')}>
      {(settings) => (
        <>
          <SupportContactCard businessId={businessId} settings={settings} />
          <RequestSettingsCard businessId={businessId} settings={settings} />
          <MailAndMoreCard businessId={businessId} settings={settings} />
        </>
      )}
    </QueryContent>
  );
}
