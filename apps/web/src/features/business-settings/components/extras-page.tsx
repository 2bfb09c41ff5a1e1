import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import { useTranslation } from 'react-i18next';
import { BusinessAdminPage } from '../../../components/business-admin-page.tsx';
import { EmptyState } from '../../../components/page-frame.tsx';
import { ButtonLink } from '../../../components/router-links.tsx';
import { useCustomExtras } from '../api/extras.ts';
import type { CustomExtras } from '@signet/contracts/business-branding';
import { QueryContent } from './query-content.tsx';

const ns = 'business-settings';

/** /business/extras: what the business has set up beyond a new business's defaults (GET .../customextras). */
export function BusinessExtrasPage() {
  const { t } = useTranslation(ns);
  return (
    <BusinessAdminPage
      title={t('extras.title')}
      subtitle={t('extras.subtitle')}
      loadingLabel={t('extras.loading')}
      maxWidth={820}
    >
      {(businessId) => <Extras businessId={businessId} />}
    </BusinessAdminPage>
  );
}

function Extras({ businessId }: { businessId: string }) {
  const { t } = useTranslation(ns);
  return (
    <QueryContent query={useCustomExtras(businessId)} loadingLabel={t('extras.loading')}>
      {(extras) => <ExtrasTable extras={extras} />}
    </QueryContent>
  );
}

function ExtrasTable({ extras }: { extras: CustomExtras['extras'] }) {
  const { t, i18n } = useTranslation(ns);
  if (extras.length === 0)
    return (
      <EmptyState
        icon={<TuneOutlinedIcon />}
        heading={t('extras.empty_heading')}
        text={t('extras.empty_text')}
        action={
          <ButtonLink to="/business/settings" variant="contained">
            {t('extras.to_settings')}
          </ButtonLink>
        }
      />
    );
  // A setting's name where the page knows it, else its dotted path.
  const nameOf = (setting: string) => {
    const key = `extras.names.${setting}`;
    return i18n.exists(key, { ns }) ? t(key) : setting;
  };
  const valueOf = (value: string | number | boolean | null) =>
    typeof value === 'boolean' ? t(value ? 'more.on' : 'more.off') : value === null ? '—' : String(value);
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table aria-label={t('extras.table')}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('extras.setting')}</TableCell>
            <TableCell scope="col">{t('extras.value')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {extras.map(({ setting, value }) => (
            <TableRow key={setting}>
              <TableCell component="th" scope="row">
                {nameOf(setting)}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {setting === 'companyBranding.logo' && typeof value === 'string' ? (
                  <Box
                    component="img"
                    src={value}
                    alt={t('extras.logo_alt')}
                    sx={{ maxHeight: 40, maxWidth: 160 }}
                  />
                ) : (
                  valueOf(value)
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
