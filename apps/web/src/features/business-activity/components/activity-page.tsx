import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BusinessAdminPage } from '../../../components/business-admin-page.tsx';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import { downloadExport, useReport, type ActivityTab } from '../api/activity.ts';
import { DateRangeFields, rangeProblem, thisMonth, type DayRange } from './date-range-fields.tsx';
import { accountColumns, identificationColumns, signatureColumns } from './report-columns.tsx';
import { ReportTable, type Sort } from './report-table.tsx';

const ns = 'business-activity';
const tabs: ActivityTab[] = ['signatures', 'accounts', 'identifications'];
/** Each report's first order: the newest first, members by their last activity. */
const firstSort: Record<ActivityTab, Sort> = {
  signatures: { column: 'signedAt', direction: 'desc' },
  accounts: { column: 'lastActiveAt', direction: 'desc' },
  identifications: { column: 'startedAt', direction: 'desc' },
};
type ExportKind = Parameters<typeof downloadExport>[1];
const exportsOf: Record<ActivityTab, ExportKind[]> = {
  signatures: ['signature_usage', 'cost_centre_report'],
  accounts: ['cost_centre_report'],
  identifications: ['identifications'],
};

/**
 * /business/activity: what the members did in a range of days (this month by default), as the
 * signatures, accounts and identifications reports (?tab=), each exportable as CSV.
 */
export function ActivityPage() {
  const { t } = useTranslation(ns);
  return (
    <BusinessAdminPage
      title={t('activity.title')}
      subtitle={t('activity.subtitle')}
      loadingLabel={t('loading')}
      maxWidth={1100}
    >
      {(businessId) => <Activity businessId={businessId} />}
    </BusinessAdminPage>
  );
}

function Activity({ businessId }: { businessId: string }) {
  const { t } = useTranslation(ns);
  const navigate = useNavigate();
  const { tab: asked } = useSearch({ strict: false }) as { tab?: ActivityTab };
  const tab = asked && tabs.includes(asked) ? asked : 'signatures';
  const [range, setRange] = useState<DayRange>(() => thisMonth());
  // The range last valid: a report keeps showing it while a date is being typed.
  const [shownRange, setShownRange] = useState(range);
  const [exporting, setExporting] = useState<ExportKind | null>(null);
  const onRange = (next: DayRange) => {
    setRange(next);
    if (!rangeProblem(next)) setShownRange(next);
  };
  const exportCsv = async (kind: ExportKind) => {
    setExporting(kind);
    try {
      await downloadExport(businessId, kind, shownRange);
    } catch {
      showSnackbar({ message: `${ns}:export.failed`, color: 'error' });
    } finally {
      setExporting(null);
    }
  };
  return (
    <>
      <Tabs
        value={tab}
        onChange={(_, next: ActivityTab) =>
          void navigate({ to: '/business/activity', search: { tab: next } })
        }
        aria-label={t('activity.tabs_label')}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {tabs.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`tabs.${name}`)}
            id={`activity-tab-${name}`}
            aria-controls="activity-panel"
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id="activity-panel"
        aria-labelledby={`activity-tab-${tab}`}
        // minmax(0, …): a wide table scrolls inside its container instead of widening the page.
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}
      >
        <Box
          sx={{
            display: 'flex',
            gap: 1.5,
            flexWrap: 'wrap',
            alignItems: 'flex-start',
            justifyContent: 'space-between',
          }}
        >
          <DateRangeFields value={range} onChange={onRange} />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {exportsOf[tab].map((kind) => (
              <Button
                key={kind}
                variant="outlined"
                startIcon={<FileDownloadOutlinedIcon />}
                loading={exporting === kind}
                disabled={rangeProblem(range) !== null}
                onClick={() => void exportCsv(kind)}
              >
                {t(`export.${kind}`)}
              </Button>
            ))}
          </Box>
        </Box>
        <Report key={tab} businessId={businessId} tab={tab} range={shownRange} />
      </Box>
    </>
  );
}

function Report({ businessId, tab, range }: { businessId: string; tab: ActivityTab; range: DayRange }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const [sort, setSort] = useState(firstSort[tab]);
  const [paging, setPaging] = useState({ page: 1, size: 25 });
  // A new range starts at its first page.
  const [pagedRange, setPagedRange] = useState(range);
  if (pagedRange !== range) {
    setPagedRange(range);
    setPaging((previous) => ({ ...previous, page: 1 }));
  }
  const result = useReport(businessId, tab, {
    ...paging,
    sort: `${sort.column},${sort.direction}`,
    ...range,
  });
  const common = {
    label: t(`tabs.${tab}`),
    result,
    errorText,
    sort,
    onSort: (next: Sort) => {
      setSort(next);
      setPaging((previous) => ({ ...previous, page: 1 }));
    },
    ...paging,
    onPage: (page: number, size: number) => setPaging({ page, size }),
    empty: { heading: t(`empty.${tab}.heading`), text: t(`empty.${tab}.text`) },
  };
  // Each report with its own row type (the hook's answer is the tab's page).
  if (tab === 'signatures')
    return (
      <ReportTable
        {...common}
        result={result as ReturnType<typeof useReport<'signatures'>>}
        columns={signatureColumns(t)}
        rowKey={(row) => `${row.requestId}:${row.userId}`}
      />
    );
  if (tab === 'accounts')
    return (
      <ReportTable
        {...common}
        result={result as ReturnType<typeof useReport<'accounts'>>}
        columns={accountColumns(t)}
        rowKey={(row) => row.id}
      />
    );
  return (
    <ReportTable
      {...common}
      result={result as ReturnType<typeof useReport<'identifications'>>}
      columns={identificationColumns(t)}
      rowKey={(row) => row.id}
    />
  );
}
