import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AutoDeleteOutlinedIcon from '@mui/icons-material/AutoDeleteOutlined';
import { useTranslation } from 'react-i18next';

/** What the dashboard shows a business admin about automatic deletion of finished requests. */
export interface AutoDeletionState {
  enabled: boolean;
  /** Days after a request reached its end state. */
  days: number;
  /** Opens the activate or deactivate dialog. */
  onToggle: () => void;
}

export function AutoDeletionControl({ state }: { state: AutoDeletionState }) {
  const { t } = useTranslation('dashboard');
  return (
    <Box
      component="section"
      aria-labelledby="auto-deletion-heading"
      data-testid="auto-deletion"
      sx={{
        mt: 3,
        p: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
      }}
    >
      <Box aria-hidden="true" sx={{ color: 'primary.main', display: 'flex' }}>
        <AutoDeleteOutlinedIcon />
      </Box>
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <Typography id="auto-deletion-heading" variant="h3" component="h2" sx={{ fontSize: '1rem' }}>
          {t('auto_deletion.heading')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {state.enabled ? t('auto_deletion.on', { days: state.days }) : t('auto_deletion.off')}
        </Typography>
      </Box>
      <Button variant="outlined" color={state.enabled ? 'error' : 'primary'} onClick={state.onToggle}>
        {state.enabled ? t('auto_deletion.deactivate') : t('auto_deletion.activate')}
      </Button>
    </Box>
  );
}
