import { Outlet } from '@tanstack/react-router';
import { LanguageMenu } from '../language-menu.tsx';
import { SimpleLayout } from './simple-layout.tsx';

/** Login, signup and reset: the simple frame with a language choice. */
export function UnauthenticatedLayout() {
  return (
    <SimpleLayout aside={<LanguageMenu />}>
      <Outlet />
    </SimpleLayout>
  );
}
