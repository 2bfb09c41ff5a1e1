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
import { TextInput } from '../../../components/text-input.tsx';
import Typography from '@mui/material/Typography';
import type { BusinessMember, Seal } from '@signet/contracts/businesses';
import { useTranslation } from 'react-i18next';
import { InlineConfirm } from '../../../components/inline-confirm.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import { useApiUsers } from '../../../lib/api/business-api-users.ts';
import { useBusinessMembers, useSealMembersChange } from '../api/seals.ts';

const ns = 'business-seals';
const nameOf = (member: BusinessMember) => `${member.firstName} ${member.lastName}`.trim() || member.email;

/** Someone who may be given the seal: a member (by name and e-mail) or an API user (by username). */
interface Holder {
  id: string;
  name: string;
  detail: string;
}

/**
 * Who may use the seal: allow more from the business's members (admins may always, so they are not
 * offered) and API users, and remove some at once after a confirmation.
 */
export function SealMembersCard({ businessId, seal }: { businessId: string; seal: Seal }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const change = useSealMembersChange(businessId, seal.accountName);
  const people = useBusinessMembers(businessId);
  const apiUsers = useApiUsers(businessId);
  const [toAdd, setToAdd] = useState<Holder[]>([]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const member = (m: BusinessMember): Holder => ({ id: m.id, name: nameOf(m), detail: m.email });
  const apiUser = (a: { userId: string; username: string }): Holder => ({
    id: a.userId,
    name: a.username,
    detail: t('members.api_user'),
  });
  const holders = [...seal.members.map(member), ...seal.apiUsers.map(apiUser)];
  const allowed = new Set(holders.map((holder) => holder.id));
  const candidates = [
    ...(people.data ?? []).filter((p) => p.role === 'member').map(member),
    ...(apiUsers.data ?? []).map(apiUser),
  ].filter((holder) => !allowed.has(holder.id));
  const loadError = people.error ?? apiUsers.error;
  // Selection keeps only those still on the seal (after a change or a reload).
  const chosen = holders.filter((holder) => selected.has(holder.id));
  const allChosen = holders.length > 0 && chosen.length === holders.length;

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
      { userIds: toAdd.map((holder) => holder.id), allow: true },
      {
        onSuccess: () => {
          showSnackbar({ message: `${ns}:members.added`, values: { count: toAdd.length }, color: 'success' });
          setToAdd([]);
        },
      },
    );
  const remove = () =>
    change.mutate(
      { userIds: chosen.map((holder) => holder.id), allow: false },
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
            getOptionLabel={(holder) => `${holder.name} (${holder.detail})`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            loading={people.isPending || apiUsers.isPending}
            noOptionsText={t('members.no_more')}
            sx={{ flex: '1 1 280px' }}
            renderInput={(params) => (
              <TextInput
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
        {loadError && (
          <Alert severity="error" role="alert">
            {errorText(loadError)}
          </Alert>
        )}
        {change.isError && !confirming && (
          <Alert severity="error" role="alert">
            {errorText(change.error)}
          </Alert>
        )}
        {holders.length === 0 ? (
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
                          holders.map((holder) => holder.id),
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
                {holders.map((holder) => (
                  <TableRow key={holder.id} hover selected={selected.has(holder.id)}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.has(holder.id)}
                        onChange={(event) => toggle([holder.id], event.target.checked)}
                        slotProps={{ input: { 'aria-label': t('members.select', { name: holder.name }) } }}
                      />
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{holder.name}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{holder.detail}</TableCell>
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
