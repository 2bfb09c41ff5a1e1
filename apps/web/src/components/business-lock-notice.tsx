import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { customerPortalUrl } from '../lib/api/customer-portal.ts';
import { userBusinessQueryOptions } from '../lib/api/get-user-business.ts';
import { lockOf, type BusinessLock } from '../lib/business-membership.ts';
import { useErrorText } from '../lib/server-errors.ts';
import { ButtonLink } from './router-links.tsx';

/**
 * Tells the signed-in admin why their business is locked (spec §4) and the way out, on the pages
 * the lock still lets them open; nothing for an open business or a member (members see the locked
 * dialog instead).
 */
export function BusinessLockNotice() {
  const business = useQuery(userBusinessQueryOptions).data;
  const lock = business?.role === 'admin' ? lockOf(business) : null;
  return business && lock ? <LockAlert lock={lock} businessId={business.id} /> : null;
}

/** One lock's alert: its reason and the one action that lifts it. */
export function LockAlert({ lock, businessId }: { lock: BusinessLock; businessId: string }) {
  const { t } = useTranslation();
  if (lock === 'blocked') return <BlockedAlert businessId={businessId} />;
  return (
    <Alert severity="warning" role="alert">
      <AlertTitle>{t('business.lock.trial_over_title')}</AlertTitle>
      {t('business.lock.trial_over')}
      {/* Below the text, not as the alert's action: the labels are long in every language. */}
      <Box sx={{ mt: 1.5 }}>
        <ButtonLink to="/upgrade" variant="outlined" color="inherit" size="small">
          {t('business.lock.choose_plan')}
        </ButtonLink>
      </Box>
    </Alert>
  );
}

/**
 * A failed payment left unpaid past the grace period. The billing pages are closed to a locked
 * admin, so the way to pay is the provider's customer portal, which comes back to the members page.
 */
function BlockedAlert({ businessId }: { businessId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const portal = useMutation({
    mutationFn: () => customerPortalUrl(businessId, `${window.location.origin}/business/members`),
    onSuccess: (url) => window.location.assign(url),
  });
  return (
    <Alert severity="error" role="alert">
      <AlertTitle>{t('business.lock.blocked_title')}</AlertTitle>
      {t('business.lock.blocked')}
      <Box sx={{ mt: 1.5 }}>
        <Button
          variant="outlined"
          color="inherit"
          size="small"
          loading={portal.isPending}
          onClick={() => portal.mutate()}
        >
          {t('business.lock.pay')}
        </Button>
      </Box>
      {portal.error && (
        <Box component="span" sx={{ display: 'block', mt: 1 }}>
          {t('business.lock.portal_failed')} {errorText(portal.error)}
        </Box>
      )}
    </Alert>
  );
}
