import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import DrawOutlinedIcon from '@mui/icons-material/DrawOutlined';
import { useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { storeDirectSignCredentials } from '../credentials.ts';
import { parseExitUrlState } from '../exit-url.ts';

/**
 * A visitor's signing link (role nas): the user id and request id in the path are the
 * credentials; they are kept for this tab so the identification pages can use them.
 */
export function DirectViewPage() {
  const { t } = useTranslation();
  const { id = '', userid = '' } = useParams({ strict: false }) as { id?: string; userid?: string };
  const exit = parseExitUrlState(useSearch({ strict: false }));
  useEffect(() => {
    if (id && userid) storeDirectSignCredentials({ username: userid, password: id });
  }, [id, userid]);
  return (
    <Box sx={{ textAlign: 'center', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
      <Box aria-hidden="true" sx={{ color: 'primary.main', '& svg': { fontSize: 64 } }}>
        <DrawOutlinedIcon />
      </Box>
      <Typography id="page-title" variant="h1" tabIndex={-1}>
        {t('titles.direct-view')}
      </Typography>
      <Typography color="text.secondary">{t('pages.direct-view.text')}</Typography>
      {exit.exitUrl && (
        <Typography variant="body2" color="text.secondary">
          {t('direct_sign.exit_after', { seconds: exit.timeout })}
        </Typography>
      )}
    </Box>
  );
}
