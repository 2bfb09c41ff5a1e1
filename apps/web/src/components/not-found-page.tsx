import { useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from './error-page.tsx';

/** Unknown path or route validation failure (spec §5/§8): 404 Page Not Found with the path. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <ErrorPage
      title={t('not_found.title')}
      heading={t('not_found.heading')}
      subheading={t('not_found.subheading')}
      detail={t('not_found.path', { path: pathname })}
    />
  );
}
