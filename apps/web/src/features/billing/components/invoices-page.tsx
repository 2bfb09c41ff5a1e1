import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { useTranslation } from 'react-i18next';
import type { Currency, Invoices } from '@signet/contracts/billing';
import { currentLanguage, formatDateTime } from '../../../lib/i18n.ts';
import { useInvoices } from '../api/invoices.ts';
import { formatPrice } from '../plan-prices.ts';
import { BillingFrame } from './billing-frame.tsx';
import { QuerySection } from './query-section.tsx';

const ns = 'billing';

/** /business/billing/invoices: the business's invoices, newest first, each with its PDF. */
export function BillingInvoicesPage() {
  return (
    <BillingFrame page="invoices_page">
      {(businessId) => <InvoiceList businessId={businessId} />}
    </BillingFrame>
  );
}

function InvoiceList({ businessId }: { businessId: string }) {
  const { t } = useTranslation(ns);
  return (
    <QuerySection
      id="invoices"
      heading={t('invoices_page.heading')}
      query={useInvoices(businessId)}
      loadingLabel={t('invoices_page.loading')}
      failedText={t('invoices_page.load_failed')}
      empty={{
        when: (invoices) => invoices.length === 0,
        icon: <ReceiptLongOutlinedIcon />,
        heading: t('invoices_page.empty_heading'),
        text: t('invoices_page.empty_text'),
      }}
    >
      {(invoices) => <InvoiceTable invoices={invoices} />}
    </QuerySection>
  );
}

function InvoiceTable({ invoices }: { invoices: Invoices['invoices'] }) {
  const { t, i18n } = useTranslation(ns);
  const language = currentLanguage();
  const status = (value: string | null) =>
    value && i18n.exists(`invoices_page.statuses.${value}`, { ns })
      ? t(`invoices_page.statuses.${value}`)
      : (value ?? '');
  return (
    <TableContainer>
      <Table size="small" aria-labelledby="invoices">
        <TableHead>
          <TableRow>
            <TableCell>{t('invoices_page.number')}</TableCell>
            <TableCell>{t('invoices_page.date')}</TableCell>
            <TableCell align="right">{t('invoices_page.total')}</TableCell>
            <TableCell>{t('invoices_page.status')}</TableCell>
            <TableCell>{t('invoices_page.pdf')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoices.map((invoice) => {
            const number = invoice.number ?? invoice.id;
            return (
              <TableRow key={invoice.id} data-testid="invoice-row">
                <TableCell>{number}</TableCell>
                <TableCell>{formatDateTime(invoice.createdAt)}</TableCell>
                <TableCell align="right">
                  {formatPrice({ amount: invoice.total, currency: invoice.currency as Currency }, language)}
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={status(invoice.status)}
                    color={
                      invoice.status === 'paid'
                        ? 'success'
                        : invoice.status === 'open'
                          ? 'warning'
                          : 'default'
                    }
                  />
                </TableCell>
                <TableCell>
                  {invoice.pdfUrl ? (
                    <Link
                      href={invoice.pdfUrl}
                      download={`${number}.pdf`}
                      aria-label={t('invoices_page.download_label', { number })}
                    >
                      {t('invoices_page.download')}
                    </Link>
                  ) : (
                    '—'
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
