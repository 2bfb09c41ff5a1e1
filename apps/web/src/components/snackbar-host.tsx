import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { removeSnackbar, snackbarHideAfter, snackbarStore } from './snackbar-store.ts';
import { useStore } from '../lib/create-store.ts';

/** Shows the oldest snackbar; the next appears when it is gone. */
export function SnackbarHost() {
  const { t } = useTranslation();
  const [current] = useStore(snackbarStore);
  if (!current) return null;
  const close = () => removeSnackbar(current.id);
  return (
    <Snackbar
      key={current.id}
      open
      autoHideDuration={snackbarHideAfter(current)}
      onClose={(_event, reason) => reason !== 'clickaway' && close()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={current.color}
        variant="filled"
        onClose={current.dismissible ? close : undefined}
        slotProps={{ closeButton: { title: t('common.close'), 'aria-label': t('common.close') } }}
        action={
          current.action ? (
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                current.action?.handler();
                close();
              }}
            >
              {t(current.action.text)}
            </Button>
          ) : undefined
        }
        sx={{ width: '100%', alignItems: 'center' }}
      >
        {t(current.message, current.values)}
      </Alert>
    </Snackbar>
  );
}
