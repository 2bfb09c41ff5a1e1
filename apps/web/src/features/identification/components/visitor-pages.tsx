import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FactList } from '../../../components/fact-list.tsx';
import { EmptyState, PageFrame } from '../../../components/page-frame.tsx';
import { ButtonLink } from '../../../components/router-links.tsx';
import { signatureRequestQueryOptions } from '../../../lib/api/get-signature-request.ts';
import type { SigningAccess } from '../../../lib/signing-access.ts';
import { useIdentification } from '../api/get-identification.ts';
import { overviewLink, visitorDocumentLink } from '../identification-links.ts';
import { kindsOf } from '../identification-model.ts';
import { MethodList } from './methods-page.tsx';
import { LinkAlert } from './link-alert.tsx';
import { QueryStateFrame } from './query-state-frame.tsx';

type VisitorAccess = Extract<SigningAccess, { kind: 'direct' }>;

/** Shown when the tab holds no signing link for these pages (opened without the mailed link). */
export function VisitorLinkMissing() {
  const { t } = useTranslation('identification');
  return (
    <PageFrame title={t('titles.direct-identification', { ns: 'translation' })}>
      <EmptyState
        icon={<BadgeOutlinedIcon />}
        heading={t('visitor.missing_heading')}
        text={t('visitor.missing_text')}
      />
    </PageFrame>
  );
}

/** The visitor's request, which these pages show. */
function useVisitorRequest(access: VisitorAccess) {
  return useQuery(signatureRequestQueryOptions(access, access.requestId));
}

/** Whether one of the visitor's identifications for the legislation has succeeded. */
function useVisitorIdentified(access: VisitorAccess, legislation: 'eidas' | 'zertes'): boolean {
  const [first, second] = kindsOf[legislation];
  const a = useIdentification({ access, legislation, kind: first }).data;
  const b = useIdentification({ access, legislation, kind: second }).data;
  return a?.status === 'activatingQES' || b?.status === 'activatingQES';
}

/**
 * /direct-sign/identification/{id}/{userid}: a visitor asked for a qualified signature learns what
 * the request needs and picks a way to identify; once identified, they go back to the document.
 */
export function VisitorIdentificationPage({ access }: { access: VisitorAccess }) {
  const { t } = useTranslation('identification');
  const title = t('titles.direct-identification', { ns: 'translation' });
  const query = useVisitorRequest(access);
  const legislation = query.data?.legislation ?? 'eidas';
  const identified = useVisitorIdentified(access, legislation);
  if (query.isPending || query.isError) return <QueryStateFrame query={query} title={title} />;
  const request = query.data;
  const name = t(`legislation.${legislation}`);
  return (
    <PageFrame title={title} subtitle={t('visitor.subtitle', { title: request.title })}>
      <Typography sx={{ mb: 2 }}>{t('choose.needed', { legislation: name })}</Typography>
      {identified ? (
        <LinkAlert
          severity="success"
          maxWidth={720}
          link={visitorDocumentLink(access)}
          linkText={t('method.back_to_signing')}
        >
          {t('visitor.already')}
        </LinkAlert>
      ) : (
        <MethodList access={access} legislation={legislation} />
      )}
      <Box sx={{ mt: 3, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <ButtonLink
          variant="outlined"
          to="/direct-sign/identification/$id/$userid/preview"
          params={{ id: access.requestId, userid: access.signerId }}
        >
          {t('visitor.preview')}
        </ButtonLink>
        <ButtonLink variant="text" {...visitorDocumentLink(access)}>
          {t('method.back_to_signing')}
        </ButtonLink>
      </Box>
    </PageFrame>
  );
}

/** /direct-sign/identification/{id}/{userid}/preview: what the visitor is asked to sign, before identifying. */
export function VisitorPreviewPage({ access }: { access: VisitorAccess }) {
  const { t } = useTranslation('identification');
  const query = useVisitorRequest(access);
  if (query.isPending || query.isError) return <QueryStateFrame query={query} title={t('visitor.preview')} />;
  const request = query.data;
  return (
    <PageFrame title={request.title} subtitle={t('visitor.preview_subtitle')}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
        <FactList
          facts={[
            [t('visitor.from'), `${request.owner.first_name} ${request.owner.last_name}`],
            [
              t('visitor.quality'),
              t('visitor.qes', { legislation: t(`legislation.${request.legislation}`) }),
            ],
            [
              t('visitor.documents'),
              request.documents
                .map((d) => `${d.title} (${t('visitor.pages', { count: d.pageCount })})`)
                .join(', '),
            ],
          ]}
        />
        {request.message && <Typography sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>{request.message}</Typography>}
        <Box sx={{ mt: 3, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <ButtonLink variant="contained" {...overviewLink(access)}>
            {t('visitor.to_identification')}
          </ButtonLink>
          <ButtonLink variant="outlined" {...visitorDocumentLink(access)}>
            {t('method.back_to_signing')}
          </ButtonLink>
        </Box>
      </Paper>
    </PageFrame>
  );
}
