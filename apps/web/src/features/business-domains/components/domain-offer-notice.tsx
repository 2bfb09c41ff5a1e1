import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import { useDomainOffer, useJoinByDomain } from '../api/domains.ts';

const ns = 'business-domains';
/** Offers the user said "not now" to, per business, so the dashboard stops asking. */
const dismissedKey = 'signet.domain-offers-dismissed';

function dismissedOffers(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(dismissedKey) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * On the dashboard of a user in no business: the business that verified their e-mail domain offers
 * them to join it as a member.
 */
export function DomainOfferNotice({ inNoBusiness }: { inNoBusiness: boolean }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const offer = useDomainOffer(inNoBusiness);
  const join = useJoinByDomain();
  const [dismissed, setDismissed] = useState(dismissedOffers);
  if (!inNoBusiness || !offer.data || dismissed.includes(offer.data.businessId)) return null;
  const { businessId, name, domain } = offer.data;
  const dismiss = () => {
    const next = [...dismissed, businessId];
    localStorage.setItem(dismissedKey, JSON.stringify(next));
    setDismissed(next);
  };
  return (
    <Alert severity="info" sx={{ mb: 2, overflowWrap: 'anywhere' }} data-testid="domain-offer">
      {t('offer.text', { name, domain })}
      {join.isError && <Box sx={{ mt: 1 }}>{errorText(join.error)}</Box>}
      {/* Below the text rather than beside it: the business's name makes the button wide. */}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
        <Button
          size="small"
          variant="contained"
          loading={join.isPending}
          onClick={() =>
            join.mutate(undefined, {
              onSuccess: () =>
                showSnackbar({ message: `${ns}:offer.joined`, values: { name }, color: 'success' }),
            })
          }
        >
          {t('offer.join', { name })}
        </Button>
        <Button color="inherit" size="small" onClick={dismiss}>
          {t('offer.not_now')}
        </Button>
      </Box>
    </Alert>
  );
}
