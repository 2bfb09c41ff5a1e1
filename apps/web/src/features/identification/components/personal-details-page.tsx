import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FactList } from '../../../components/fact-list.tsx';
import { PageFrame, PageLoading } from '../../../components/page-frame.tsx';
import { ButtonLink } from '../../../components/router-links.tsx';
import type { SigningAccess } from '../../../lib/signing-access.ts';
import { legislationLink } from '../identification-links.ts';
import { usePerson } from '../use-person.ts';

/**
 * ZertES personal details: the name and e-mail the identity document is checked against, and where
 * to correct them (a user in their profile; a visitor's come from the sender).
 */
export function PersonalDetailsPage({ access, sr }: { access: SigningAccess; sr?: string }) {
  const { t } = useTranslation('identification');
  const person = usePerson(access);
  const title = t('titles.standards-zertes-personal-details', { ns: 'translation' });
  return (
    <PageFrame title={title} subtitle={t('personal.subtitle')}>
      {person ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
          <FactList
            facts={[
              [t('personal.name'), person.name],
              [t('personal.email'), person.email],
            ]}
          />
          <Typography sx={{ mt: 2 }}>
            {access.kind === 'direct' ? t('personal.change_visitor') : t('personal.change_user')}
          </Typography>
          <Box sx={{ mt: 3, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <ButtonLink variant="contained" {...legislationLink(access, 'zertes', sr)}>
              {t('personal.continue')}
            </ButtonLink>
            {access.kind === 'user' && (
              <ButtonLink variant="outlined" to="/profile">
                {t('personal.to_profile')}
              </ButtonLink>
            )}
          </Box>
        </Paper>
      ) : (
        <PageLoading label={t('loading')} />
      )}
    </PageFrame>
  );
}
