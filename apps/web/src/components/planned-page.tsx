import type { ReactNode } from 'react';
import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import DrawOutlinedIcon from '@mui/icons-material/DrawOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { useTranslation } from 'react-i18next';
import { PageFrameEmpty } from './page-frame.tsx';
import { ToDashboardLink } from './router-links.tsx';
import { usePageKey } from './use-page-key.ts';

function iconFor(key: string): ReactNode {
  if (key.includes('billing') || key === 'upgrade') return <ReceiptLongOutlinedIcon />;
  if (key.startsWith('business')) return <BusinessOutlinedIcon />;
  if (key.includes('standards') || key.startsWith('direct')) return <BadgeOutlinedIcon />;
  if (key.includes('signature')) return <DrawOutlinedIcon />;
  if (key === 'upload') return <UploadFileOutlinedIcon />;
  if (key.startsWith('profile')) return <PersonOutlineIcon />;
  return <ArticleOutlinedIcon />;
}

/**
 * The frame of a page whose content a later issue adds: its title, its place in the layout and
 * navigation, and an empty state saying what the page is for.
 */
export function PlannedPage() {
  const { t } = useTranslation();
  const key = usePageKey();
  const directSign = key.startsWith('direct');
  return (
    <PageFrameEmpty
      title={t(`pages.${key}.heading`)}
      icon={iconFor(key)}
      heading={t('planned.empty')}
      text={t(`pages.${key}.text`)}
      action={directSign ? undefined : <ToDashboardLink />}
    />
  );
}
