import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../../components/router-links.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import { useStartEidSignup } from '../api/eid-signup.ts';
import { AuthFooter } from './account-form.tsx';
import { AuthCard } from './auth-card.tsx';

/** /signup/flows/eidplus/new: sign up with ID Austria; the eID gives the name and birth date. */
export function EidSignupNewPage() {
  const { t } = useTranslation();
  const start = useStartEidSignup();
  const errorText = useErrorText();
  const [leaving, setLeaving] = useState(false);

  const onStart = async () => {
    const { url } = await start.mutateAsync({ lang: currentLanguage() });
    setLeaving(true);
    window.location.assign(url);
  };

  return (
    <AuthCard title={t('eid_signup.new_title')} intro={t('eid_signup.new_intro')}>
      <Box component="ul" sx={{ pl: 2.5, mt: 0, mb: 3, color: 'text.secondary' }}>
        <Typography component="li">{t('eid_signup.new_point_names')}</Typography>
        <Typography component="li">{t('eid_signup.new_point_email')}</Typography>
        <Typography component="li">{t('eid_signup.new_point_qes')}</Typography>
      </Box>
      {start.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {errorText(start.error)}
        </Alert>
      )}
      <Button
        variant="contained"
        size="large"
        fullWidth
        startIcon={<BadgeOutlinedIcon />}
        loading={start.isPending || leaving}
        onClick={() => void onStart().catch(() => undefined)}
      >
        {t('eid_signup.continue')}
      </Button>
      <AuthFooter>
        {t('eid_signup.email_instead')} <TextLink to="/signup">{t('eid_signup.email_link')}</TextLink>
      </AuthFooter>
    </AuthCard>
  );
}
