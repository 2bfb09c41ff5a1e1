import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** One of the editor's sections (details, signers, observers): a card named by its heading. */
export function EditorSection({
  id,
  heading,
  headingSpace = 1,
  children,
}: {
  id: string;
  heading: string;
  /** Space under the heading, in theme units. */
  headingSpace?: number;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2 }}>
      <Typography id={id} variant="h2" sx={{ fontSize: '1.15rem', mb: headingSpace }}>
        {heading}
      </Typography>
      {children}
    </Paper>
  );
}
