import { useState, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import Toolbar from '@mui/material/Toolbar';
import BusinessIcon from '@mui/icons-material/Business';
import DashboardIcon from '@mui/icons-material/Dashboard';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import PersonIcon from '@mui/icons-material/Person';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { userQueryOptions } from '../../lib/api/get-user.ts';
import { userBusinessQueryOptions } from '../../lib/api/get-user-business.ts';
import { getToken } from '../../lib/session.ts';
import { LanguageMenu } from '../language-menu.tsx';
import { Logo } from '../logo.tsx';
import { ListItemButtonLink, MenuItemLink } from '../menu-links.tsx';
import { ButtonLink, type StaticPath } from '../router-links.tsx';
import { Footer } from './footer.tsx';
import { mainContentId, SkipLink } from './skip-link.tsx';
import { isProfilePath, ProfileNav } from './profile-nav.tsx';

/** Readable by screen readers, invisible on screen. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

interface NavItem {
  to: StaticPath;
  label: string;
  icon: ReactNode;
  /** The pages the item stands for, when more than its own: every `/business/…` page for Business. */
  section?: string;
}

function useNavItems(): NavItem[] {
  const { t } = useTranslation();
  const business = useQuery({ ...userBusinessQueryOptions, enabled: Boolean(getToken()) }).data;
  const items: NavItem[] = [
    { to: '/dashboard', label: t('nav.dashboard'), icon: <DashboardIcon /> },
    { to: '/upload', label: t('nav.upload'), icon: <UploadFileIcon /> },
    { to: '/profile', label: t('nav.profile'), icon: <PersonIcon /> },
  ];
  if (business?.role === 'admin')
    items.push({
      to: '/business/dashboard',
      section: '/business',
      label: t('nav.business'),
      icon: <BusinessIcon />,
    });
  return items;
}

function UserMenu() {
  const { t } = useTranslation();
  const user = useQuery({ ...userQueryOptions, enabled: Boolean(getToken()) }).data;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!user) return null;
  const menuItems: NavItem[] = [
    { to: '/profile', label: t('nav.profile'), icon: <PersonIcon fontSize="small" /> },
    { to: '/logout', label: t('common.logout'), icon: <LogoutIcon fontSize="small" /> },
  ];
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        title={t('nav.account_menu')}
        sx={{ gap: 1 }}
      >
        <Avatar
          aria-hidden="true"
          sx={{ width: 32, height: 32, bgcolor: 'secondary.main', fontSize: '0.9rem' }}
        >
          {initials}
        </Avatar>
        {/* Below md only the initials show; the name stays the button's accessible name. */}
        <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
          {user.firstName} {user.lastName}
        </Box>
        <Box component="span" sx={{ ...visuallyHidden, display: { md: 'none' } }}>
          {user.firstName} {user.lastName}
        </Box>
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {menuItems.map((item) => (
          <MenuItemLink key={item.to} to={item.to} onClick={() => setAnchor(null)}>
            <ListItemIcon>{item.icon}</ListItemIcon>
            {item.label}
          </MenuItemLink>
        ))}
      </Menu>
    </>
  );
}

/** The logo of the user's business beside Signet's (spec §3 companyBranding), for its members. */
function BusinessBrand() {
  const business = useQuery({ ...userBusinessQueryOptions, enabled: Boolean(getToken()) }).data;
  if (!business?.logo) return null;
  return (
    <Box
      component="img"
      src={business.logo.url}
      alt={business.name}
      // Narrow screens keep room for the menu, language and account buttons.
      sx={{
        height: { xs: 28, sm: 32 },
        maxWidth: { xs: 48, sm: 160 },
        objectFit: 'contain',
        ml: { xs: 0.5, sm: 2 },
        minWidth: 0,
      }}
    />
  );
}

/** The signed-in frame: header with navigation (a drawer below lg, spec §9 "mobile is lg"), content, footer. */
export function MainShell({ aside, children }: { aside?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const items = useNavItems();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const isActive = ({ to, section = to }: NavItem) =>
    pathname === section || pathname.startsWith(`${section}/`);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <SkipLink />
      <AppBar
        position="sticky"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            edge="start"
            onClick={() => setDrawerOpen(true)}
            aria-label={t('nav.open_menu')}
            sx={{ display: { lg: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Logo to="/dashboard" />
          <BusinessBrand />
          <Box
            component="nav"
            aria-label={t('nav.main')}
            sx={{ display: { xs: 'none', lg: 'flex' }, gap: 0.5, ml: 4 }}
          >
            {items.map((item) => (
              <ButtonLink
                key={item.to}
                to={item.to}
                color="inherit"
                aria-current={isActive(item) ? 'page' : undefined}
                sx={{
                  color: isActive(item) ? 'primary.main' : 'text.primary',
                  fontWeight: isActive(item) ? 700 : 500,
                }}
              >
                {item.label}
              </ButtonLink>
            ))}
          </Box>
          <Box sx={{ flex: 1 }} />
          <LanguageMenu />
          <UserMenu />
        </Toolbar>
      </AppBar>
      <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)}>
        <Box sx={{ width: 280 }} role="presentation">
          <Box sx={{ p: 2 }}>
            <Logo to="/dashboard" />
          </Box>
          <Divider />
          <List component="nav" aria-label={t('nav.main')}>
            {items.map((item) => (
              <ListItemButtonLink
                key={item.to}
                to={item.to}
                selected={isActive(item)}
                onClick={() => setDrawerOpen(false)}
              >
                <ListItemIcon>{item.icon}</ListItemIcon>
                <ListItemText primary={item.label} />
              </ListItemButtonLink>
            ))}
            <ListItemButtonLink to="/logout" onClick={() => setDrawerOpen(false)}>
              <ListItemIcon>
                <LogoutIcon />
              </ListItemIcon>
              <ListItemText primary={t('common.logout')} />
            </ListItemButtonLink>
          </List>
        </Box>
      </Drawer>
      <Container
        component="main"
        id={mainContentId}
        tabIndex={-1}
        maxWidth="lg"
        sx={{
          flex: 1,
          // At least the viewport below the app bar (56 px, 64 from sm): the footer starts below the
          // fold, so a page whose content arrives after the first paint does not push it down in view
          // (it was /view's whole layout shift, CLS 0.10).
          minHeight: { xs: 'calc(100vh - 56px)', sm: 'calc(100vh - 64px)' },
          py: { xs: 3, md: 5 },
          outline: 'none',
          display: 'flex',
          gap: 4,
          flexDirection: { xs: 'column', md: 'row' },
        }}
      >
        {aside}
        <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
      </Container>
      <Footer />
    </Box>
  );
}

export function MainLayout() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <MainShell aside={isProfilePath(pathname) ? <ProfileNav /> : undefined}>
      <Outlet />
    </MainShell>
  );
}
