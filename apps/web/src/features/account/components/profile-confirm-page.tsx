import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageFrame } from '../../../components/page-frame.tsx';
import { ButtonLink } from '../../../components/router-links.tsx';
import { userQueryKey } from '../../../lib/api/get-user.ts';
import { useValidConfirmation } from '../api/valid-confirmation.ts';

/** The link mailed to a signed-in user to verify their address: checking it verifies it. */
export function ProfileConfirmPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { token, check, valid } = useValidConfirmation();
  useEffect(() => {
    if (valid) void queryClient.invalidateQueries({ queryKey: userQueryKey });
  }, [valid, queryClient]);

  let content;
  if (!token) {
    content = (
      <EmptyState
        icon={<MarkEmailReadOutlinedIcon />}
        heading={t('profile_confirm.no_link')}
        text={t('pages.profile-confirm.text')}
      />
    );
  } else if (check.isPending) {
    content = <CircularProgress aria-label={t('common.loading')} />;
  } else {
    content = (
      <Alert severity={valid ? 'success' : 'error'} role={valid ? 'status' : 'alert'}>
        {t(valid ? 'profile_confirm.done' : 'profile_confirm.invalid')}
      </Alert>
    );
  }
  return (
    <PageFrame
      title={t('pages.profile-confirm.heading')}
      actions={
        <ButtonLink to="/dashboard" variant="outlined">
          {t('common.to_dashboard')}
        </ButtonLink>
      }
    >
      {content}
    </PageFrame>
  );
}
