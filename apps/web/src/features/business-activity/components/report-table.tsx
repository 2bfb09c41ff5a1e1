import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageLoading } from '../../../components/page-frame.tsx';

const ns = 'business-activity';
const pageSizes = [10, 25, 50, 100];

/** A column of a report: its sort key (when the server sorts by it), its heading and its cell. */
export interface ReportColumn<T> {
  key: string;
  sortable: boolean;
  label: string;
  cell: (row: T) => ReactNode;
  /** Free text (a request's title) wraps; everything else stays on one line and the table scrolls. */
  wraps?: boolean;
}

export interface Sort {
  column: string;
  direction: 'asc' | 'desc';
}

interface ReportTableProps<T> {
  /** Names the table for screen readers. */
  label: string;
  columns: Array<ReportColumn<T>>;
  rowKey: (row: T, index: number) => string;
  result: { isPending: boolean; isFetching: boolean; error: unknown; data?: { items: T[]; total: number } };
  errorText: (error: unknown) => string;
  sort: Sort;
  onSort: (sort: Sort) => void;
  page: number;
  size: number;
  onPage: (page: number, size: number) => void;
  empty: { heading: string; text: string };
}

/**
 * One page of a report as a table: columns sort on the server (a click on the sorted column turns
 * its direction), pages are the server's; loading, empty and failed states of their own.
 */
export function ReportTable<T>(props: ReportTableProps<T>) {
  const { t } = useTranslation(ns);
  const { result, sort } = props;
  if (result.isPending) return <PageLoading label={t('loading')} />;
  if (result.error && !result.data)
    return (
      <Alert severity="error" role="alert">
        {props.errorText(result.error)}
      </Alert>
    );
  const data = result.data!;
  if (data.total === 0)
    return (
      <EmptyState
        icon={<InsightsOutlinedIcon />}
        picture="empty-activity.svg"
        heading={props.empty.heading}
        text={props.empty.text}
      />
    );
  return (
    <Paper variant="outlined">
      {/* Reserves its height so the table does not jump while the next page loads. */}
      <Box sx={{ height: 4 }}>{result.isFetching && <LinearProgress aria-label={t('loading')} />}</Box>
      <TableContainer>
        <Table size="small" aria-label={props.label}>
          <TableHead>
            <TableRow>
              {props.columns.map((column) => (
                <TableCell
                  key={column.key}
                  sortDirection={sort.column === column.key ? sort.direction : false}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  {column.sortable ? (
                    <TableSortLabel
                      active={sort.column === column.key}
                      direction={sort.column === column.key ? sort.direction : 'asc'}
                      onClick={() =>
                        props.onSort({
                          column: column.key,
                          direction: sort.column === column.key && sort.direction === 'asc' ? 'desc' : 'asc',
                        })
                      }
                    >
                      {column.label}
                    </TableSortLabel>
                  ) : (
                    column.label
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.items.map((row, index) => (
              <TableRow key={props.rowKey(row, index)}>
                {props.columns.map((column) => (
                  <TableCell
                    key={column.key}
                    sx={
                      column.wraps
                        ? { minWidth: '12rem', overflowWrap: 'anywhere' }
                        : { whiteSpace: 'nowrap' }
                    }
                  >
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={data.total}
        page={props.page - 1}
        rowsPerPage={props.size}
        rowsPerPageOptions={pageSizes}
        labelRowsPerPage={t('table.rows_per_page')}
        labelDisplayedRows={({ from, to, count }) => t('table.displayed', { from, to, count })}
        getItemAriaLabel={(type) => t(`table.go_${type}`)}
        onPageChange={(_, page) => props.onPage(page + 1, props.size)}
        onRowsPerPageChange={(event) => props.onPage(1, Number(event.target.value))}
      />
    </Paper>
  );
}
