import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { qualities } from '@signet/contracts/accounts';
import type { MonthStatistics } from '@signet/contracts/business-activity';
import { useTranslation } from 'react-i18next';
import { currentLanguage, dateTimeFormat } from '../../../lib/i18n.ts';

const ns = 'business-activity';

/** Read by screen readers, not shown: the chart's numbers as a table. */
const screenReaderOnly = {
  position: 'absolute',
  // Strings: in sx a bare 1 would mean 100%.
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function monthLabel(month: string): string {
  return dateTimeFormat(currentLanguage(), {
    month: 'short',
    year: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));
}

/**
 * A chart with its title and a one-line summary people see, and its numbers as a table for
 * screen readers (an SVG of bars tells them little; its legend stays reachable, it is a control).
 */
function ChartCard(props: {
  id: string;
  title: string;
  summary: string;
  table: { headings: string[]; rows: Array<{ month: string; values: number[] }> };
  children: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      component="figure"
      aria-labelledby={props.id}
      sx={{ m: 0, p: 2, minWidth: 0, position: 'relative' }}
    >
      <Typography id={props.id} variant="h2" sx={{ fontSize: '1.15rem' }}>
        {props.title}
      </Typography>
      <Typography component="figcaption" variant="body2" color="text.secondary">
        {props.summary}
      </Typography>
      {props.children}
      <Table sx={screenReaderOnly} aria-label={props.title}>
        <TableHead>
          <TableRow>
            {props.table.headings.map((heading) => (
              <TableCell key={heading}>{heading}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {props.table.rows.map((row) => (
            <TableRow key={row.month}>
              <TableCell component="th" scope="row">
                {monthLabel(row.month)}
              </TableCell>
              {row.values.map((value, index) => (
                <TableCell key={index}>{value}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

const chartHeight = 260;

/** Signatures per month, stacked by quality. */
export function SignaturesChart({ months }: { months: MonthStatistics[] }) {
  const { t } = useTranslation(ns);
  const total = months.reduce(
    (sum, month) => sum + qualities.reduce((n, q) => n + month.signatures[q], 0),
    0,
  );
  return (
    <ChartCard
      id="chart-signatures"
      title={t('dashboard.charts.signatures')}
      summary={t('dashboard.charts.signatures_summary', { count: total, months: months.length })}
      table={{
        headings: [t('dashboard.charts.month'), ...qualities.map((q) => t(`quality.${q}`))],
        rows: months.map((month) => ({
          month: month.month,
          values: qualities.map((q) => month.signatures[q]),
        })),
      }}
    >
      <BarChart
        height={chartHeight}
        skipAnimation
        xAxis={[{ scaleType: 'band', data: months.map((month) => monthLabel(month.month)) }]}
        // Whole signatures; an empty year still gets a 0–1 scale rather than a degenerate one.
        yAxis={[{ tickMinStep: 1, min: 0, width: 36, ...(total === 0 ? { max: 1 } : {}) }]}
        series={qualities.map((quality) => ({
          id: quality,
          label: t(`quality.${quality}`),
          stack: 'signatures',
          data: months.map((month) => month.signatures[quality]),
        }))}
        margin={{ left: 0, right: 8 }}
      />
    </ChartCard>
  );
}

/** Members active per month. */
export function ActiveMembersChart({ months }: { months: MonthStatistics[] }) {
  const { t } = useTranslation(ns);
  const latest = months.at(-1)?.activeMembers ?? 0;
  return (
    <ChartCard
      id="chart-active-members"
      title={t('dashboard.charts.active_members')}
      summary={t('dashboard.charts.active_members_summary', { count: latest })}
      table={{
        headings: [t('dashboard.charts.month'), t('dashboard.charts.active_members')],
        rows: months.map((month) => ({ month: month.month, values: [month.activeMembers] })),
      }}
    >
      <LineChart
        height={chartHeight}
        skipAnimation
        xAxis={[{ scaleType: 'point', data: months.map((month) => monthLabel(month.month)) }]}
        yAxis={[
          {
            tickMinStep: 1,
            min: 0,
            width: 36,
            ...(months.some((m) => m.activeMembers > 0) ? {} : { max: 1 }),
          },
        ]}
        series={[
          {
            id: 'active',
            label: t('dashboard.charts.active_members'),
            data: months.map((month) => month.activeMembers),
            area: true,
            // Straight lines: a smoothed curve would show members between months.
            curve: 'linear',
          },
        ]}
        hideLegend
        margin={{ left: 0, right: 8 }}
      />
    </ChartCard>
  );
}
