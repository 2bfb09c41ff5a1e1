import { useTranslation } from 'react-i18next';
import { SectionNav, type SectionNavSection } from './section-nav.tsx';

/** Spec §2 Profile: every page of the signed-in user's own, the signature standards with their sub-pages. */
const sections: SectionNavSection[] = [
  {
    heading: 'nav.profile',
    items: [
      { to: '/profile', label: 'titles.profile' },
      { to: '/profile/settings', label: 'titles.profile-settings' },
      { to: '/profile/change-password', label: 'titles.change-password' },
      { to: '/profile/visual-signature', label: 'titles.visual-signature' },
      { to: '/profile/signature-standards', label: 'titles.signature-standards', withSubPages: true },
    ],
  },
];

/** Beside every /profile page (the main layout puts it there). */
export function ProfileNav() {
  const { t } = useTranslation();
  return <SectionNav label={t('nav.profile')} heading={t('nav.profile')} sections={sections} />;
}

/** Whether a path is one of the profile pages, which show the profile navigation. */
export const isProfilePath = (pathname: string) =>
  pathname === '/profile' || pathname.startsWith('/profile/');
