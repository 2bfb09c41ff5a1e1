import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { CardGrid } from '../../../components/card-grid.tsx';

/** One card of a page's set: an icon, what it is, and an optional way there. */
export interface BenefitCard {
  key: string;
  icon: ReactNode;
  heading: string;
  text: string;
  action?: ReactNode;
}

/** Cards that each say one thing a business can do (the upgrade's benefits, the welcome's next steps). */
export function BenefitCards({ label, cards }: { label: string; cards: BenefitCard[] }) {
  return (
    <CardGrid items={cards} keyOf={(card) => card.key} label={label}>
      {(card) => (
        <Paper
          variant="outlined"
          component="article"
          aria-labelledby={`card-${card.key}`}
          sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column', gap: 1 }}
        >
          <Box aria-hidden="true" sx={{ color: 'primary.main', '& svg': { fontSize: 32 } }}>
            {card.icon}
          </Box>
          <Typography id={`card-${card.key}`} variant="h2" sx={{ fontSize: '1.1rem' }}>
            {card.heading}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
            {card.text}
          </Typography>
          {card.action}
        </Paper>
      )}
    </CardGrid>
  );
}
