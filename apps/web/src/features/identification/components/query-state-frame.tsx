import Button from '@mui/material/Button';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageFrame, PageLoading } from '../../../components/page-frame.tsx';

/**
 * The frame of an identification page whose content waits for a query: a spinner while it loads,
 * and once it failed, why, with a way to ask again. A page shows it until the query has succeeded.
 */
export function QueryStateFrame({
  query,
  title,
  subtitle,
}: {
  query: Pick<UseQueryResult, 'isPending' | 'refetch'>;
  title: string;
  subtitle?: string;
}) {
  const { t } = useTranslation('identification');
  return (
    <PageFrame title={title} subtitle={subtitle}>
      {query.isPending ? (
        <PageLoading label={t('loading')} />
      ) : (
        <EmptyState
          icon={<BadgeOutlinedIcon />}
          heading={t('load_failed')}
          text={t('load_failed_text')}
          action={
            <Button variant="outlined" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      )}
    </PageFrame>
  );
}
