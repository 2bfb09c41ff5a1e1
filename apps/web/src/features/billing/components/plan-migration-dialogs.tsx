import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DialogComponentProps } from '../../../components/dialog-host.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { openDialog } from '../../../components/dialog-store.ts';
import { formatDateTime } from '../../../lib/i18n.ts';
import { acknowledgePlanMigration, planMigrationQueryOptions } from '../api/plan-migration.ts';
import { migrationDialogOf } from '../plan-changes.ts';

interface MigrationProps {
  from: string | null;
  to: string;
  effectiveAt: string | null;
  /** Moved already: the notice tells what happened (on `effectiveAt`) rather than what will. */
  moved: boolean;
}

/** The dialog's text values: plan names as the catalogue's labels, and when it happens. */
function useMigrationValues(props: DialogComponentProps) {
  const { t } = useTranslation('billing');
  const migration = props.descriptor.props as MigrationProps | undefined;
  const planLabel = (name: string | null) =>
    name === null ? t('business.no_plan') : t(`migration_plans.${name}`, { defaultValue: name });
  return {
    moved: migration?.moved ?? false,
    date: migration?.effectiveAt ? formatDateTime(migration.effectiveAt) : '',
    from: planLabel(migration?.from ?? null),
    to: planLabel(migration?.to ?? null),
    when: migration?.effectiveAt
      ? t('dialogs.migration_when_date', { date: formatDateTime(migration.effectiveAt) })
      : t('dialogs.migration_when_now'),
  };
}

/** Spec §2 dialog "fair-flat migration": a legacy plan moves to the current plan of its price class. */
export function FairFlatMigrationDialog(props: DialogComponentProps) {
  const { moved, ...values } = useMigrationValues(props);
  return (
    <ConfirmDialog
      {...props}
      keys={moved ? 'billing:dialogs.fair_flat_migration_moved' : 'billing:dialogs.fair_flat_migration'}
      values={values}
      action="acknowledge"
      cancelLabel={null}
    />
  );
}

/** Spec §2 dialog "free migration": a business from before the 2023 pricing moves to the free plan. */
export function FreeMigrationDialog(props: DialogComponentProps) {
  const { moved, ...values } = useMigrationValues(props);
  return (
    <ConfirmDialog
      {...props}
      keys={moved ? 'billing:dialogs.free_migration_moved' : 'billing:dialogs.free_migration'}
      values={values}
      action="acknowledge"
      cancelLabel={null}
    />
  );
}

/** Businesses whose notice was opened in this tab: closing it without acknowledging shows it next visit. */
const shown = new Set<string>();

/**
 * On the dashboard, for an admin only: the plan migration notice, once, until acknowledged (the
 * acknowledgement is stored per business).
 */
export function PlanMigrationPrompt({ businessId }: { businessId: string }) {
  const client = useQueryClient();
  const options = planMigrationQueryOptions(businessId);
  const notice = useQuery(options).data?.notice;
  useEffect(() => {
    const dialog = migrationDialogOf(notice ?? null);
    if (!dialog || shown.has(businessId)) return;
    shown.add(businessId);
    openDialog({
      namespace: 'general',
      name: dialog.name,
      props: { from: dialog.from, to: dialog.to, effectiveAt: dialog.effectiveAt, moved: dialog.moved },
      onAction: async (action) => {
        if (action !== 'acknowledge') return;
        client.setQueryData(options.queryKey, await acknowledgePlanMigration(businessId));
      },
    });
  }, [notice, businessId, client, options.queryKey]);
  return null;
}
