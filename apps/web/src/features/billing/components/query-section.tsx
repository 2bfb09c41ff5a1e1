import type { ReactNode } from 'react';
import Skeleton from '@mui/material/Skeleton';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/page-frame.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useErrorText } from '../../../lib/server-errors.ts';

/**
 * A section of a billing page that shows one answer: a placeholder while it loads, the reason and
 * a retry when it failed, its empty state when there is nothing, else `children` of the data.
 */
export function QuerySection<T>({
  id,
  heading,
  query,
  loadingLabel,
  failedText,
  empty,
  children,
}: {
  id: string;
  heading: string;
  query: UseQueryResult<T>;
  loadingLabel: string;
  failedText: string;
  /** When the answer counts as empty, what to show instead. */
  empty?: { when: (data: T) => boolean; icon: ReactNode; heading: string; text: string };
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('billing');
  const errorText = useErrorText(['billing']);
  let body: ReactNode;
  if (query.isPending) body = <Skeleton variant="rounded" height={96} aria-label={loadingLabel} />;
  else if (query.isError)
    body = (
      <RetryAlert severity="error" retryLabel={t('retry')} onRetry={() => void query.refetch()}>
        {failedText} {errorText(query.error)}
      </RetryAlert>
    );
  else if (empty?.when(query.data))
    body = <EmptyState icon={empty.icon} heading={empty.heading} text={empty.text} />;
  else body = children(query.data);
  return (
    <SectionCard id={id} heading={heading} headingSpace={2}>
      {body}
    </SectionCard>
  );
}
