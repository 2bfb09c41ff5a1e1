import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** Visual signatures' cards as a list: one column, two from small screens on, three from large. */
export function CardGrid<T>({
  items,
  keyOf,
  label,
  children,
}: {
  items: readonly T[];
  keyOf: (item: T) => string;
  /** The list's name, where no heading names it. */
  label?: string;
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
        gridTemplateColumns: {
          xs: '1fr',
          sm: 'repeat(2, minmax(0, 1fr))',
          lg: 'repeat(3, minmax(0, 1fr))',
        },
      }}
    >
      {items.map((item) => (
        <li key={keyOf(item)}>{children(item)}</li>
      ))}
    </Box>
  );
}
