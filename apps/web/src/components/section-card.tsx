import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/**
 * One section of a page that is a set of cards (the request editor's details, signers, observers;
 * the profile's details, e-mail, account): a card named by its heading, with an optional intro.
 */
export function SectionCard({
  id,
  heading,
  intro,
  headingSpace = 1,
  children,
}: {
  id: string;
  heading: string;
  intro?: string;
  /** Space under the heading (or the intro), in theme units. */
  headingSpace?: number;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2 }}>
      <Typography id={id} variant="h2" sx={{ fontSize: '1.15rem', mb: intro ? 0.5 : headingSpace }}>
        {heading}
      </Typography>
      {intro && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: headingSpace }}>
          {intro}
        </Typography>
      )}
      {children}
    </Paper>
  );
}
