import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PredefinedVisualSignature } from '@signet/contracts/visual-signatures';
import { usePredefinedVisualSignatures } from '../api/predefined-visual-signatures.ts';
import { useSaveVisualSignature } from '../api/save-visual-signature.ts';
import { useParameterPreview } from '../api/signature-preview.ts';
import { CardGrid } from '../../../components/card-grid.tsx';
import { StampPicture } from './stamp-picture.tsx';
import { useOutcomeNotes } from './signature-notes.ts';

const flag = (on: boolean) => (on ? '1' : '0');

/** Suggestions made from the account; one click saves one as the user's own. */
export function PredefinedSuggestions() {
  const { t } = useTranslation('visual-signatures');
  const suggestions = usePredefinedVisualSignatures();
  if (!suggestions.data?.visualSignatures.length) return null;
  return (
    <Box component="section" aria-labelledby="visual-signature-suggestions" sx={{ mt: 5 }}>
      <Typography id="visual-signature-suggestions" variant="h2" sx={{ fontSize: '1.35rem' }}>
        {t('page.suggestions')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('page.suggestions_text')}
      </Typography>
      <CardGrid items={suggestions.data.visualSignatures} keyOf={(suggestion) => suggestion.key}>
        {(suggestion) => <Suggestion suggestion={suggestion} />}
      </CardGrid>
    </Box>
  );
}

function Suggestion({ suggestion }: { suggestion: PredefinedVisualSignature }) {
  const { t } = useTranslation('visual-signatures');
  const outcome = useOutcomeNotes();
  const save = useSaveVisualSignature();
  const { key: _key, ...fields } = suggestion;
  const preview = useParameterPreview({
    name: suggestion.name,
    lang: suggestion.language,
    qual: suggestion.quality,
    leg: suggestion.legislation,
    prov: suggestion.provider,
    claim: flag(suggestion.displayClaim),
    std: flag(suggestion.displayStandards),
    date: flag(suggestion.displayDate),
    qr: flag(suggestion.displayQr),
  });
  const use = () =>
    save.mutate({ id: null, body: fields }, outcome('page.suggestion_saved', suggestion.alias));
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1.5 }}>
          {suggestion.alias}
        </Typography>
        <StampPicture
          url={preview.url}
          alt={t('card.preview_alt', { alias: suggestion.alias })}
          failed={preview.failed}
          failedText={t('card.preview_failed')}
        />
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button variant="outlined" size="small" onClick={use} loading={save.isPending}>
          {t('page.use_suggestion', { alias: suggestion.alias })}
        </Button>
      </CardActions>
    </Card>
  );
}
