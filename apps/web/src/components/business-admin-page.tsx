import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { userBusinessQueryOptions } from '../lib/api/get-user-business.ts';
import { PageFrame, PageLoading } from './page-frame.tsx';

/**
 * The frame of a business administration page: its title, and its content once the admin's
 * business is known (the route guard lets admins in only, so "no business" is a stale session).
 */
export function BusinessAdminPage({
  title,
  subtitle,
  loadingLabel,
  maxWidth = 960,
  children,
}: {
  title: string;
  subtitle: string;
  loadingLabel: string;
  maxWidth?: number;
  children: (businessId: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const business = useQuery(userBusinessQueryOptions);
  if (business.isPending) return <PageLoading label={loadingLabel} />;
  return (
    <PageFrame title={title} subtitle={subtitle}>
      <Box sx={{ maxWidth, display: 'flex', flexDirection: 'column', gap: 3 }}>
        {business.data ? (
          children(business.data.id)
        ) : (
          <Alert severity="error">{t('business.not_allowed')}</Alert>
        )}
      </Box>
    </PageFrame>
  );
}
