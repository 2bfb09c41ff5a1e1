import Chip from '@mui/material/Chip';
import type {
  AccountActivity,
  IdentificationActivity,
  SignatureActivity,
} from '@signet/contracts/business-activity';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../../lib/i18n.ts';
import type { ReportColumn } from './report-table.tsx';

const personName = (row: { firstName: string; lastName: string; email: string }) =>
  `${row.firstName} ${row.lastName}`.trim() || row.email;
const when = (value: string | null, t: TFunction) => (value ? formatDateTime(value) : t('never'));

/** Each report's columns; the keys of sortable ones are the server's sort columns. */
export function signatureColumns(t: TFunction): Array<ReportColumn<SignatureActivity>> {
  return [
    {
      key: 'signedAt',
      sortable: true,
      label: t('columns.signed_at'),
      cell: (row) => formatDateTime(row.signedAt),
    },
    { key: 'name', sortable: true, label: t('columns.member'), cell: personName },
    { key: 'email', sortable: false, label: t('columns.email'), cell: (row) => row.email },
    {
      key: 'quality',
      sortable: true,
      label: t('columns.quality'),
      cell: (row) => <Chip size="small" variant="outlined" label={t(`quality.${row.quality}`)} />,
    },
    { key: 'title', sortable: true, label: t('columns.request'), cell: (row) => row.title, wraps: true },
  ];
}

export function accountColumns(t: TFunction): Array<ReportColumn<AccountActivity>> {
  return [
    { key: 'name', sortable: true, label: t('columns.member'), cell: personName },
    { key: 'email', sortable: true, label: t('columns.email'), cell: (row) => row.email },
    { key: 'role', sortable: true, label: t('columns.role'), cell: (row) => t(`role.${row.role}`) },
    { key: 'signatures', sortable: true, label: t('columns.signatures'), cell: (row) => row.signatures },
    {
      key: 'requestsSent',
      sortable: false,
      label: t('columns.requests_sent'),
      cell: (row) => row.requestsSent,
    },
    {
      key: 'lastActiveAt',
      sortable: true,
      label: t('columns.last_active'),
      cell: (row) => when(row.lastActiveAt, t),
    },
  ];
}

export function identificationColumns(t: TFunction): Array<ReportColumn<IdentificationActivity>> {
  return [
    {
      key: 'startedAt',
      sortable: true,
      label: t('columns.started_at'),
      cell: (row) => formatDateTime(row.startedAt),
    },
    { key: 'name', sortable: true, label: t('columns.member'), cell: personName },
    {
      key: 'provider',
      sortable: true,
      label: t('columns.provider'),
      cell: (row) => `${row.provider} · ${row.legislation === 'eidas' ? 'eIDAS' : 'ZertES'}`,
    },
    {
      key: 'status',
      sortable: true,
      label: t('columns.status'),
      cell: (row) => t(`status.${row.status}`, { defaultValue: row.status }),
    },
    {
      key: 'level',
      sortable: false,
      label: t('columns.level'),
      cell: (row) => (row.level ? t(`quality.${row.level}`) : '—'),
    },
  ];
}
