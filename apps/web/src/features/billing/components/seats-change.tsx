import { useState } from 'react';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../../components/text-input.tsx';
import { useTranslation } from 'react-i18next';
import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import { dialogTitleId, type DialogComponentProps } from '../../../components/dialog-host.tsx';
import { openDialog } from '../../../components/dialog-store.ts';
import { OverlayFrame } from '../../../components/overlay-frame.tsx';
import type { OverlayComponentProps } from '../../../components/overlay-host.tsx';
import { closeOverlay, openOverlay } from '../../../components/overlay-store.ts';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useSeatsPreview } from '../api/seats.ts';
import { PricePreviewFacts } from './price-preview.tsx';

const ns = 'billing';

/** What the add-seats overlay and the remove-seats dialog are opened with. */
interface SeatsArgs {
  businessId: string;
  /** Seats bought now. */
  seats: number;
  /** Members and pending invitations: never fewer seats than these. */
  used: number;
  /** The plan's maximum. */
  max: number;
}

type Direction = 'add' | 'remove';

/** The seats field and the proration preview of the new number; `seats` is null while invalid. */
function useSeatsChoice(args: SeatsArgs, direction: Direction) {
  const { t } = useTranslation(ns);
  const [text, setText] = useState(String(direction === 'add' ? args.seats + 1 : args.seats - 1));
  const value = Number(text);
  const min = direction === 'add' ? args.seats + 1 : Math.max(1, args.used);
  const max = direction === 'add' ? args.max : args.seats - 1;
  const valid = Number.isInteger(value) && value >= min && value <= max;
  const seats = useDebounced(valid ? value : null, 300);
  const preview = useSeatsPreview(args.businessId, seats);
  const field = (
    <TextInput
      label={t('seats.field')}
      type="number"
      value={text}
      onChange={(event) => setText(event.target.value)}
      error={!valid}
      helperText={
        valid
          ? t(`seats.${direction}_help`, { seats: args.seats, used: args.used })
          : t('seats.range', { min, max })
      }
      slotProps={{ htmlInput: { min, max, step: 1, inputMode: 'numeric' } }}
      fullWidth
    />
  );
  const facts = (
    <PricePreviewFacts
      preview={seats !== null && seats === value ? preview.data : undefined}
      error={valid ? preview.error : null}
      pending={!valid || preview.isPending || seats !== value}
    />
  );
  const ready = valid && seats === value && preview.isSuccess;
  return { field, facts, ready, value };
}

/** Spec §2 overlay "add seats": the new number, its prorated price, then confirm. */
export function AddSeatsOverlay({ descriptor, loading, onAction }: OverlayComponentProps) {
  const { t } = useTranslation(ns);
  const args = descriptor.props as unknown as SeatsArgs;
  const choice = useSeatsChoice(args, 'add');
  return (
    <OverlayFrame
      icon={<GroupAddOutlinedIcon />}
      tone="info"
      title={t('seats.add_title')}
      body={t('seats.add_body', { seats: args.seats })}
      actions={
        <>
          <Button size="large" disabled={loading} onClick={() => onAction('complete')}>
            {t('seats.cancel')}
          </Button>
          <Button
            variant="contained"
            size="large"
            loading={loading}
            disabled={loading || !choice.ready}
            onClick={() => onAction('confirm', choice.value)}
          >
            {t('seats.add_confirm')}
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ width: '100%', maxWidth: 400, textAlign: 'left' }}>
        {choice.field}
        {choice.facts}
      </Stack>
    </OverlayFrame>
  );
}

/** Spec §2 dialog "remove seats": the new number (never below the members), its price, then confirm. */
export function RemoveSeatsDialog({ descriptor, loading, onAction, onClose }: DialogComponentProps) {
  const { t } = useTranslation(ns);
  const args = descriptor.props as unknown as SeatsArgs;
  const choice = useSeatsChoice(args, 'remove');
  return (
    <>
      <DialogTitle id={dialogTitleId}>{t('seats.remove_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('seats.remove_body', { seats: args.seats, used: args.used })}
        </DialogContentText>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {choice.field}
          {choice.facts}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={loading}>
          {t('seats.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => onAction('confirm', choice.value)}
          disabled={loading || !choice.ready}
          loading={loading}
        >
          {t('seats.remove_confirm')}
        </Button>
      </DialogActions>
    </>
  );
}

/** Opens the add-seats overlay; confirming changes the seats and closes it. */
export function openAddSeatsOverlay(args: SeatsArgs, change: (seats: number) => Promise<unknown>): void {
  const id = openOverlay({
    name: 'add-seats',
    props: { ...args },
    onAction: async (action, value) => {
      if (action !== 'confirm') return;
      try {
        await change(value as number);
      } catch (error) {
        showSnackbar({ message: `${ns}:seats.failed`, color: 'error' });
        throw error;
      }
      closeOverlay(id);
      showSnackbar({ message: `${ns}:seats.changed`, color: 'success' });
    },
  });
}

/** Opens the remove-seats dialog; confirming changes the seats. */
export function openRemoveSeatsDialog(args: SeatsArgs, change: (seats: number) => Promise<unknown>): void {
  openDialog({
    namespace: 'business',
    name: 'remove-seats',
    props: { ...args },
    onAction: async (action, value) => {
      if (action !== 'confirm') return;
      await change(value as number);
      showSnackbar({ message: `${ns}:seats.changed`, color: 'success' });
    },
  });
}
