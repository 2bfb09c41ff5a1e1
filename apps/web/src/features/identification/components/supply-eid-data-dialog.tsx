import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { dialogTitleId, type DialogComponentProps } from '../../../components/dialog-host.tsx';
import { ButtonLink } from '../../../components/router-links.tsx';
import type { personalDetailsLink } from '../identification-links.ts';

/**
 * Spec §2 "supply eID data": before a ZertES identification the person confirms the name the
 * provider will look for on their identity document, or goes to change it first.
 */
export function SupplyEidDataDialog(props: DialogComponentProps) {
  const { t } = useTranslation('identification');
  const name = String(props.descriptor.props?.name ?? '');
  const details = props.descriptor.props?.details as ReturnType<typeof personalDetailsLink> | undefined;
  return (
    <>
      <DialogTitle id={dialogTitleId}>{t('supply.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('supply.body')}</DialogContentText>
        <Typography sx={{ mt: 2, fontWeight: 600, fontSize: '1.15rem', overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {details && (
          <ButtonLink {...details} onClick={props.onClose} disabled={props.loading}>
            {t('supply.wrong')}
          </ButtonLink>
        )}
        <Button
          variant="contained"
          onClick={() => props.onAction('confirm')}
          loading={props.loading}
          autoFocus
        >
          {t('supply.confirm')}
        </Button>
      </DialogActions>
    </>
  );
}
