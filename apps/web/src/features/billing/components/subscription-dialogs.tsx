import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import type { DialogComponentProps } from '../../../components/dialog-host.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { openDialog } from '../../../components/dialog-store.ts';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import type { FreePlanTerms } from '../plan-changes.ts';

const values = (props: DialogComponentProps) =>
  (props.descriptor.props?.values as Record<string, string> | undefined) ?? {};

/** Spec §2 dialog "cancel subscription": the plan stays until the end of the paid period. */
export function CancelSubscriptionDialog(props: DialogComponentProps) {
  return (
    <ConfirmDialog {...props} keys="billing:dialogs.cancel_subscription" values={values(props)} danger />
  );
}

/** Spec §2 dialog "cancel trial": the trial ends now; the business needs a plan to go on. */
export function CancelTrialDialog(props: DialogComponentProps) {
  return <ConfirmDialog {...props} keys="billing:dialogs.cancel_trial" danger />;
}

/**
 * Spec §2 dialog "free plan downgrade": what the free plan keeps and loses (its limits from the
 * catalogue) before the admin confirms the move at the end of the paid period.
 */
export function FreePlanDowngradeDialog(props: DialogComponentProps) {
  const { t } = useTranslation('billing');
  const terms = props.descriptor.props?.terms as FreePlanTerms | undefined;
  const qualities = (list: string[]) => list.map((quality) => t(`qualities.${quality}`)).join(', ');
  const lines: Array<[string, string]> = [];
  if (terms) {
    lines.push([
      'keeps',
      t('dialogs.free_plan_downgrade.keeps', {
        list: qualities(terms.keeps),
        signatures:
          terms.signaturesPerMonth === null
            ? t('dialogs.free_plan_downgrade.unlimited')
            : terms.signaturesPerMonth,
        seats: terms.seats,
      }),
    ]);
    if (terms.loses.length > 0)
      lines.push(['loses', t('dialogs.free_plan_downgrade.loses', { list: qualities(terms.loses) })]);
    if (terms.seatsLost > 0)
      lines.push(['seats', t('dialogs.free_plan_downgrade.seats_lost', { count: terms.seatsLost })]);
  }
  return (
    <ConfirmDialog {...props} keys="billing:dialogs.free_plan_downgrade" values={values(props)} danger>
      <List dense aria-label={t('dialogs.free_plan_downgrade.summary')}>
        {lines.map(([key, text]) => (
          <ListItem key={key} disableGutters>
            <ListItemText primary={text} />
          </ListItem>
        ))}
      </List>
    </ConfirmDialog>
  );
}

function openConfirm(
  name: 'cancel-subscription' | 'cancel-trial' | 'free-plan-downgrade',
  run: () => Promise<unknown>,
  done: string,
  dialogValues: Record<string, string> = {},
  extra: Record<string, unknown> = {},
): void {
  openDialog({
    namespace: 'business',
    name,
    props: { values: dialogValues, ...extra },
    onAction: async (action) => {
      if (action !== 'confirm') return;
      await run();
      showSnackbar({ message: done, color: 'success' });
    },
  });
}

/** Asks, then cancels at the end of the period (`endsOn`: that day, written out). */
export const openCancelSubscriptionDialog = (cancel: () => Promise<unknown>, endsOn: string) =>
  openConfirm('cancel-subscription', cancel, 'billing:plan_page.cancelled', { date: endsOn });

/** Asks, then ends the trial now. */
export const openCancelTrialDialog = (cancel: () => Promise<unknown>) =>
  openConfirm('cancel-trial', cancel, 'billing:plan_page.trial_cancelled');

/** Asks, showing what the free plan keeps and loses, then moves to it at the end of the period. */
export const openFreePlanDowngradeDialog = (
  schedule: () => Promise<unknown>,
  endsOn: string,
  terms: FreePlanTerms,
) =>
  openConfirm(
    'free-plan-downgrade',
    schedule,
    'billing:plan_page.free_scheduled',
    { date: endsOn },
    { terms },
  );
