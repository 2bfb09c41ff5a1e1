import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import LanguageIcon from '@mui/icons-material/Language';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, selectableLanguages } from '../lib/i18n.ts';

export function LanguageMenu() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = currentLanguage();
  return (
    <>
      <Button
        color="inherit"
        startIcon={<LanguageIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-label={`${t('common.language')}: ${current.slice(0, 2).toUpperCase()}`}
      >
        {current.slice(0, 2).toUpperCase()}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {selectableLanguages.map((lang) => (
          <MenuItem
            key={lang}
            selected={lang === current}
            lang={lang}
            onClick={() => {
              setAnchor(null);
              void changeLanguage(lang);
            }}
          >
            {t(`common.languages.${lang}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
