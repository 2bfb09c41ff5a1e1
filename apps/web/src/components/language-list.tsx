import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, selectableLanguages } from '../lib/i18n.ts';

/** The selectable languages, each named in itself (Italian is for direct signing only). */
export function LanguageList({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const { t } = useTranslation();
  const current = currentLanguage();
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {selectableLanguages.map((lang) => (
        <MenuItem
          key={lang}
          selected={lang === current}
          lang={lang}
          onClick={() => {
            onClose();
            void changeLanguage(lang);
          }}
        >
          {t(`common.languages.${lang}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}
