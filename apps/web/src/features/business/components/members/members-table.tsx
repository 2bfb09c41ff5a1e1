import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { TextInput } from '../../../../components/text-input.tsx';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { useQueryClient } from '@tanstack/react-query';
import type { BusinessMember, BusinessRole } from '@signet/contracts/businesses';
import { useTranslation } from 'react-i18next';
import { showSnackbar } from '../../../../components/snackbar-store.ts';
import { formatDateTime } from '../../../../lib/i18n.ts';
import { useErrorText } from '../../../../lib/server-errors.ts';
import { peopleKey, useChangeRole } from '../../api/members.ts';
import { openRemoveMembersDialog } from './remove-members-dialog.tsx';

const ns = 'business';
const pageSizes = [10, 25, 50];
const fullName = (member: BusinessMember) => `${member.firstName} ${member.lastName}`.trim() || member.email;

/**
 * The business's people: search by name or address, filter by role, page through, and select some
 * to make them admins or members, or to remove them (each all or nothing; a business keeps an admin).
 */
export function MembersTable({ businessId, members }: { businessId: string; members: BusinessMember[] }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const queryClient = useQueryClient();
  const changeRole = useChangeRole(businessId);
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<BusinessRole | 'all'>('all');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(pageSizes[0]!);
  const [selected, setSelected] = useState<Set<string>>(new Set());

  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return members.filter(
      (member) =>
        (role === 'all' || member.role === role) &&
        (!needle || `${fullName(member)} ${member.email}`.toLowerCase().includes(needle)),
    );
  }, [members, search, role]);
  const onPage = shown.slice(page * pageSize, (page + 1) * pageSize);
  // Selection keeps only people still in the list (after a removal or a reload).
  const chosen = members.filter((member) => selected.has(member.id));
  const allOnPage = onPage.length > 0 && onPage.every((member) => selected.has(member.id));

  const toggle = (ids: string[], on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });
  const makeRole = (next: BusinessRole) =>
    changeRole.mutate(
      { userIds: chosen.map((member) => member.id), role: next },
      {
        onSuccess: () => {
          setSelected(new Set());
          showSnackbar({
            message: `${ns}:members.role_changed.${next}`,
            values: { count: chosen.length },
            color: 'success',
          });
        },
      },
    );
  const remove = () =>
    openRemoveMembersDialog(
      businessId,
      chosen.map((member) => ({ id: member.id, name: fullName(member) })),
      () => {
        setSelected(new Set());
        void queryClient.invalidateQueries({ queryKey: peopleKey(businessId) });
        showSnackbar({ message: `${ns}:members.removed`, values: { count: chosen.length }, color: 'info' });
      },
    );

  return (
    <Box component="section" aria-labelledby="members-heading" sx={{ display: 'grid', gap: 2 }}>
      <Typography id="members-heading" variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('members.list.title', { count: members.length })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <TextInput
          label={t('members.list.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          size="small"
          fullWidth={false}
          sx={{ flex: '1 1 240px' }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          select
          size="small"
          label={t('members.list.role_filter')}
          fullWidth={false}
          value={role}
          onChange={(event) => {
            setRole(event.target.value as BusinessRole | 'all');
            setPage(0);
          }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="all">{t('members.list.all_roles')}</MenuItem>
          <MenuItem value="admin">{t('invitation.roles.admin')}</MenuItem>
          <MenuItem value="member">{t('invitation.roles.member')}</MenuItem>
        </TextField>
      </Box>
      {chosen.length > 0 && (
        <Paper
          variant="outlined"
          role="toolbar"
          aria-label={t('members.bulk.label')}
          sx={{ p: 1.5, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
        >
          <Typography sx={{ flex: '1 1 auto' }}>
            {t('members.bulk.selected', { count: chosen.length })}
          </Typography>
          <Button
            size="small"
            variant="outlined"
            loading={changeRole.isPending}
            onClick={() => makeRole('admin')}
          >
            {t('members.bulk.make_admins')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            loading={changeRole.isPending}
            onClick={() => makeRole('member')}
          >
            {t('members.bulk.make_members')}
          </Button>
          <Button size="small" color="error" variant="outlined" onClick={remove}>
            {t('members.bulk.remove')}
          </Button>
        </Paper>
      )}
      {changeRole.isError && (
        <Alert severity="error" role="alert">
          {errorText(changeRole.error)}
        </Alert>
      )}
      {shown.length === 0 ? (
        <Typography color="text.secondary">{t('members.list.none_found')}</Typography>
      ) : (
        <Paper variant="outlined">
          <Table size="small" aria-labelledby="members-heading">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allOnPage}
                    indeterminate={!allOnPage && onPage.some((member) => selected.has(member.id))}
                    onChange={(event) =>
                      toggle(
                        onPage.map((member) => member.id),
                        event.target.checked,
                      )
                    }
                    slotProps={{ input: { 'aria-label': t('members.list.select_page') } }}
                  />
                </TableCell>
                <TableCell>{t('members.list.person')}</TableCell>
                <TableCell>{t('members.list.role')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('members.list.joined')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {onPage.map((member) => (
                <TableRow key={member.id} hover selected={selected.has(member.id)}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.has(member.id)}
                      onChange={(event) => toggle([member.id], event.target.checked)}
                      slotProps={{
                        input: { 'aria-label': t('members.list.select', { name: fullName(member) }) },
                      }}
                    />
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {fullName(member)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {member.email}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={member.role === 'admin' ? 'primary' : 'default'}
                      label={t(`invitation.roles.${member.role}`)}
                    />
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {formatDateTime(member.joinedAt)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={shown.length}
            page={page}
            rowsPerPage={pageSize}
            rowsPerPageOptions={pageSizes}
            onPageChange={(_event, next) => setPage(next)}
            onRowsPerPageChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(0);
            }}
            labelRowsPerPage={t('members.list.per_page')}
          />
        </Paper>
      )}
    </Box>
  );
}
