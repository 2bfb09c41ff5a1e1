import Box, { type BoxProps } from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import MuiLink, { type LinkProps as MuiLinkProps } from '@mui/material/Link';
import { createLink, type RegisteredRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

// MUI components as router links. `<Button component={Link} to=…>` would lose the router's types;
// these check `to`, `params` and `search` against the routes as <Link> does, and render the same
// anchor (`href`, `aria-current` when active) with MUI's look. The menu and list kinds are in
// menu-links.tsx, out of the first page's chunk.

export const ButtonLink = createLink((props: ButtonProps<'a'>) => <Button component="a" {...props} />);
export const TextLink = createLink((props: MuiLinkProps) => <MuiLink {...props} />);
export const BoxLink = createLink((props: BoxProps<'a'>) => <Box component="a" {...props} />);

/** A path of the app's routes. */
type AppPath = keyof RegisteredRouter['routesByPath'];

/** A path without parameters: a link to it needs nothing but the path (menus, message pages). */
export type StaticPath = Exclude<AppPath, `${string}$${string}`>;

/** The way back to the dashboard a page offers when there is nothing (more) for the user on it. */
export function ToDashboardLink({ sx }: { sx?: ButtonProps['sx'] }) {
  const { t } = useTranslation();
  return (
    <ButtonLink to="/dashboard" variant="outlined" sx={sx}>
      {t('common.to_dashboard')}
    </ButtonLink>
  );
}
