import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** By default one column, two from small screens on, three from large. */
const defaultColumns = { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' };

/** Cards as a list (one `li` each) in a responsive grid: visual signatures, signature standards. */
export function CardGrid<T>({
  items,
  keyOf,
  label,
  columns = defaultColumns,
  maxWidth,
  children,
}: {
  items: readonly T[];
  keyOf: (item: T) => string;
  /** The list's name, where no heading names it. */
  label?: string;
  /** `gridTemplateColumns` per breakpoint. */
  columns?: Record<string, string>;
  maxWidth?: number;
  children: (item: T) => ReactNode;
}) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        maxWidth,
        gridTemplateColumns: columns,
      }}
    >
      {items.map((item) => (
        <li key={keyOf(item)}>{children(item)}</li>
      ))}
    </Box>
  );
}
