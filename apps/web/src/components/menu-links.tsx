import ListItemButton, { type ListItemButtonProps } from '@mui/material/ListItemButton';
import MenuItem, { type MenuItemProps } from '@mui/material/MenuItem';
import { createLink } from '@tanstack/react-router';

// The menu and list kinds of router link (see router-links.tsx), in a module of their own: only the
// signed-in layouts and pages show them, and in router-links.tsx, which the first page imports, they
// would bring MenuItem and ListItemButton into the first chunk.

export const MenuItemLink = createLink((props: MenuItemProps<'a'>) => <MenuItem component="a" {...props} />);
export const ListItemButtonLink = createLink((props: ListItemButtonProps<'a'>) => (
  <ListItemButton component="a" {...props} />
));
