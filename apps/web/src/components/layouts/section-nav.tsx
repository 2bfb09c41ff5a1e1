import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ListItemButtonLink } from '../menu-links.tsx';
import type { StaticPath } from '../router-links.tsx';

/** One page of a sub-navigation; `withSubPages`: its pages below (`to/…`) count as it too. */
export interface SectionNavItem {
  to: StaticPath;
  /** Translation key of its name. */
  label: string;
  withSubPages?: boolean;
}

export interface SectionNavSection {
  /** Translation key of the group's name (also the name of its list for screen readers). */
  heading: string;
  items: SectionNavItem[];
}

const isCurrent = (item: SectionNavItem, pathname: string) =>
  pathname === item.to || (item.withSubPages === true && pathname.startsWith(`${item.to}/`));

/**
 * The side menu of an area with several pages (spec §2 sub-navigation: the business admin's
 * sections, the profile pages): a list beside the page from md up, one select above it below md,
 * so that the page content stays in view on a phone.
 */
export function SectionNav({
  label,
  heading,
  sections,
}: {
  /** The navigation landmark's name. */
  label: string;
  /** Shown above the lists, and as the select's label. */
  heading: string;
  sections: SectionNavSection[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const items = sections.flatMap((section) => section.items);
  const current = items.find((item) => isCurrent(item, pathname));
  return (
    <Box component="nav" aria-label={label} sx={{ width: { xs: '100%', md: 240 }, flexShrink: 0 }}>
      <TextField
        select
        label={heading}
        value={current?.to ?? ''}
        onChange={(event) => {
          const page = items.find((candidate) => candidate.to === event.target.value);
          if (page) void navigate({ to: page.to });
        }}
        slotProps={{ select: { native: true } }}
        size="small"
        fullWidth
        sx={{ display: { md: 'none' } }}
      >
        {!current && <option value="" disabled />}
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
                <ListItem key={item.to} disablePadding>
                  <ListItemButtonLink
                    to={item.to}
                    selected={item === current}
                    aria-current={item === current ? 'page' : undefined}
                  >
                    <ListItemText primary={t(item.label)} />
                  </ListItemButtonLink>
                </ListItem>
              ))}
            </List>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
