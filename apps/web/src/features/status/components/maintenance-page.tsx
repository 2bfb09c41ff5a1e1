import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import EngineeringOutlinedIcon from '@mui/icons-material/EngineeringOutlined';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { readConfig } from '../../../lib/config.ts';
import { maintenanceQueryOptions } from '../../../lib/api/get-status-summary.ts';

/** Shown during a blocking maintenance; it keeps polling and returns home once the maintenance ends. */
export function MaintenancePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useQuery(maintenanceQueryOptions(readConfig().statusPollMs));
  const active = data?.activeMaintenance;
  // Leave only when a block seen here has ended; opening the page without one just shows it.
  const sawBlocking = useRef(false);
  const blocking = active?.isBlocking === true;
  const known = data !== undefined;
  useEffect(() => {
    if (blocking) sawBlocking.current = true;
    else if (known && sawBlocking.current) void navigate({ to: '/', replace: true });
  }, [blocking, known, navigate]);
  return (
    <Box sx={{ textAlign: 'center', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
      <Box aria-hidden="true" sx={{ color: 'warning.main', '& svg': { fontSize: 64 } }}>
        <EngineeringOutlinedIcon />
      </Box>
      <Typography id="page-title" variant="h1" tabIndex={-1} sx={{ outline: 'none' }}>
        {t('messages.maintenance.heading')}
      </Typography>
      <Typography color="text.secondary">{t('messages.maintenance.text')}</Typography>
      {active?.url && (
        <Link href={active.url} target="_blank" rel="noopener noreferrer">
          {t('shell.maintenance_link')}
        </Link>
      )}
    </Box>
  );
}
