import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemText from '@mui/material/ListItemText';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { userBusinessQueryOptions } from '../../features/business/api/get-user-business.ts';
import { ListItemButtonLink, type StaticPath } from '../router-links.tsx';
import { MainShell } from './main-layout.tsx';

/** Spec §2 admin area: business dashboard and the business-members, business-billing, business-profile sections. */
const sections: { heading: string; items: { to: StaticPath; label: string }[] }[] = [
  {
    heading: 'business_nav.overview',
    items: [
      { to: '/business/dashboard', label: 'titles.business-dashboard' },
      { to: '/business/activity', label: 'titles.business-activity' },
      { to: '/business/settings', label: 'titles.business-settings' },
      { to: '/business/seals', label: 'titles.business-seals' },
      { to: '/business/extras', label: 'titles.business-extras' },
      { to: '/business/developers/api', label: 'titles.business-api' },
    ],
  },
  {
    heading: 'business_nav.business-members',
    items: [
      { to: '/business/members', label: 'titles.business-members' },
      { to: '/business/members/domains', label: 'titles.business-domains' },
    ],
  },
  {
    heading: 'business_nav.business-billing',
    items: [
      { to: '/business/billing', label: 'titles.business-billing' },
      { to: '/business/billing/plan', label: 'titles.business-billing-plan' },
      { to: '/business/billing/payment', label: 'titles.business-billing-payment' },
      { to: '/business/billing/invoices', label: 'titles.business-billing-invoices' },
    ],
  },
  {
    heading: 'business_nav.business-profile',
    items: [
      { to: '/business/profile', label: 'titles.business-profile' },
      { to: '/business/profile/aes-for-business', label: 'titles.business-aes' },
    ],
  },
];

const businessPages = sections.flatMap((section) => section.items);

function BusinessNav() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const business = useQuery(userBusinessQueryOptions).data;
  const heading = business?.name || t('business_nav.overview');
  return (
    <Box
      component="nav"
      aria-label={t('business_nav.label')}
      sx={{ width: { xs: '100%', md: 240 }, flexShrink: 0 }}
    >
      {/* Below md the sections become one select, so the page content stays in view. */}
      <TextField
        select
        label={heading}
        value={pathname}
        onChange={(event) => {
          const page = businessPages.find((candidate) => candidate.to === event.target.value);
          if (page) void navigate({ to: page.to });
        }}
        slotProps={{ select: { native: true } }}
        size="small"
        sx={{ display: { md: 'none' } }}
      >
        {sections.map((section) => (
          <optgroup key={section.heading} label={t(section.heading)}>
            {section.items.map((item) => (
              <option key={item.to} value={item.to}>
                {t(item.label)}
              </option>
            ))}
          </optgroup>
        ))}
      </TextField>
      <Box
        sx={{
          display: { xs: 'none', md: 'block' },
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
        }}
      >
        <Typography component="p" variant="subtitle2" sx={{ px: 2, pt: 2, pb: 1, fontWeight: 700 }}>
          {heading}
        </Typography>
        {sections.map((section, index) => (
          <Box key={section.heading}>
            {index > 0 && <Divider />}
            <List dense aria-label={t(section.heading)}>
              {section.items.map((item) => (
                <ListItemButtonLink
                  key={item.to}
                  to={item.to}
                  selected={pathname === item.to}
                  aria-current={pathname === item.to ? 'page' : undefined}
                >
                  <ListItemText primary={t(item.label)} />
                </ListItemButtonLink>
              ))}
            </List>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

export function AdminLayout() {
  return (
    <MainShell aside={<BusinessNav />}>
      <Outlet />
    </MainShell>
  );
}
