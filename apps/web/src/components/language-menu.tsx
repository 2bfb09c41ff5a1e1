import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import LanguageIcon from '@mui/icons-material/Language';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/i18n.ts';

// The menu (popover, transitions) loads on the first click; the button is all most visits need.
const LanguageList = lazy(() => import('./language-list.tsx').then((m) => ({ default: m.LanguageList })));

export function LanguageMenu() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [loaded, setLoaded] = useState(false);
  const code = currentLanguage().slice(0, 2).toUpperCase();
  return (
    <>
      <Button
        color="inherit"
        startIcon={<LanguageIcon />}
        onClick={(event) => {
          setLoaded(true);
          setAnchor(event.currentTarget);
        }}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-label={`${t('common.language')}: ${code}`}
      >
        {code}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <LanguageList anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
