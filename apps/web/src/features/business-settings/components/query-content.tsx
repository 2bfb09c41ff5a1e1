import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/page-frame.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { useErrorText } from '../../../lib/server-errors.ts';

const ns = 'business-settings';

/** What a page of this feature shows of its data: loading, the failure with a retry, or the data. */
export function QueryContent<T>({
  query,
  loadingLabel,
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  if (query.isPending) return <PageLoading label={loadingLabel} />;
  if (query.isError)
    return (
      <RetryAlert severity="error" retryLabel={t('retry')} onRetry={() => void query.refetch()}>
        {errorText(query.error)}
      </RetryAlert>
    );
  return children(query.data);
}

/** The end of a form: why the last save failed, if it did, and the save button. */
export function FormFooter({ error, pending, label }: { error: unknown; pending: boolean; label: string }) {
  const errorText = useErrorText([ns]);
  return (
    <>
      {error ? (
        <Alert severity="error" role="alert">
          {errorText(error)}
        </Alert>
      ) : null}
      <Box>
        <Button type="submit" variant="contained" loading={pending}>
          {label}
        </Button>
      </Box>
    </>
  );
}
