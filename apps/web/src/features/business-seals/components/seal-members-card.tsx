import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { BusinessMember, Seal } from '@signet/contracts/businesses';
import { useTranslation } from 'react-i18next';
import { InlineConfirm } from '../../../components/inline-confirm.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import { useBusinessMembers, useSealMembersChange } from '../api/seals.ts';

const ns = 'business-seals';
const nameOf = (member: BusinessMember) => `${member.firstName} ${member.lastName}`.trim() || member.email;

/**
 * The members who may use the seal: allow more from the business's members (admins may always, so
 * they are not offered), and remove some at once after a confirmation.
 */
export function SealMembersCard({ businessId, seal }: { businessId: string; seal: Seal }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const change = useSealMembersChange(businessId, seal.accountName);
  const people = useBusinessMembers(businessId);
  const [toAdd, setToAdd] = useState<BusinessMember[]>([]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const allowed = new Set(seal.members.map((member) => member.id));
  const candidates = (people.data ?? []).filter((p) => p.role === 'member' && !allowed.has(p.id));
  // Selection keeps only people still on the seal (after a change or a reload).
  const chosen = seal.members.filter((member) => selected.has(member.id));
  const allChosen = seal.members.length > 0 && chosen.length === seal.members.length;

  const toggle = (ids: string[], on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });
  const add = () =>
    change.mutate(
      { userIds: toAdd.map((member) => member.id), allow: true },
      {
        onSuccess: () => {
          showSnackbar({ message: `${ns}:members.added`, values: { count: toAdd.length }, color: 'success' });
          setToAdd([]);
        },
      },
    );
  const remove = () =>
    change.mutate(
      { userIds: chosen.map((member) => member.id), allow: false },
      {
        onSuccess: () => {
          showSnackbar({ message: `${ns}:members.removed`, values: { count: chosen.length }, color: 'info' });
          setSelected(new Set());
          setConfirming(false);
        },
      },
    );

  return (
    <SectionCard id="seal-members" heading={t('members.title')} intro={t('members.text')}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <Autocomplete
            multiple
            options={candidates}
            value={toAdd}
            onChange={(_, value) => setToAdd(value)}
            getOptionLabel={(member) => `${nameOf(member)} (${member.email})`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            loading={people.isPending}
            noOptionsText={t('members.no_more')}
            sx={{ flex: '1 1 280px' }}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('members.add_label')}
                placeholder={t('members.add_placeholder')}
              />
            )}
          />
          <Button
            variant="contained"
            disabled={toAdd.length === 0}
            loading={change.isPending && !confirming}
            onClick={add}
            sx={{ mt: 1 }}
          >
            {t('members.add')}
          </Button>
        </Box>
        {people.isError && (
          <Alert severity="error" role="alert">
            {errorText(people.error)}
          </Alert>
        )}
        {change.isError && !confirming && (
          <Alert severity="error" role="alert">
            {errorText(change.error)}
          </Alert>
        )}
        {seal.members.length === 0 ? (
          <Typography color="text.secondary">{t('members.none')}</Typography>
        ) : (
          <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('members.table_label')}>
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={allChosen}
                      indeterminate={chosen.length > 0 && !allChosen}
                      onChange={(event) =>
                        toggle(
                          seal.members.map((m) => m.id),
                          event.target.checked,
                        )
                      }
                      slotProps={{ input: { 'aria-label': t('members.select_all') } }}
                    />
                  </TableCell>
                  <TableCell>{t('members.name')}</TableCell>
                  <TableCell>{t('members.email')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {seal.members.map((member) => (
                  <TableRow key={member.id} hover selected={selected.has(member.id)}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.has(member.id)}
                        onChange={(event) => toggle([member.id], event.target.checked)}
                        slotProps={{ input: { 'aria-label': t('members.select', { name: nameOf(member) }) } }}
                      />
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{nameOf(member)}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{member.email}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
        )}
        {chosen.length > 0 && !confirming && (
          <Box
            role="toolbar"
            aria-label={t('members.selected', { count: chosen.length })}
            sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
          >
            <Typography sx={{ flex: '1 1 auto' }}>
              {t('members.selected', { count: chosen.length })}
            </Typography>
            <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
              {t('members.remove')}
            </Button>
          </Box>
        )}
        {confirming && (
          <InlineConfirm
            question={t('members.remove_confirm', { count: chosen.length })}
            keepLabel={t('members.keep')}
            confirmLabel={t('members.remove_now')}
            loading={change.isPending}
            error={change.isError ? errorText(change.error) : null}
            onKeep={() => setConfirming(false)}
            onConfirm={remove}
          />
        )}
      </Box>
    </SectionCard>
  );
}
