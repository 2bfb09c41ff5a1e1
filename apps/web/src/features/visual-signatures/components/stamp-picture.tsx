import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { previewBox } from '@signet/contracts/visual-signatures';

/**
 * A stamp picture in the proportions of the signature box (300 × 140). While it loads, the blurred
 * placeholder (or a neutral panel) holds its place, so the layout does not jump.
 */
export function StampPicture({
  url,
  alt,
  placeholder,
  failed,
  failedText,
  onRetry,
  retryLabel,
}: {
  url: string | null;
  alt: string;
  placeholder?: string;
  failed?: boolean;
  failedText?: string;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  return (
    <Box
      sx={{
        position: 'relative',
        aspectRatio: `${previewBox.width} / ${previewBox.height}`,
        width: '100%',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: '#fff',
        backgroundImage: !url && placeholder ? `url(${placeholder})` : undefined,
        backgroundSize: 'cover',
      }}
    >
      {url && (
        <Box component="img" src={url} alt={alt} sx={{ width: '100%', height: '100%', display: 'block' }} />
      )}
      {!url && failed && (
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            p: 2,
            textAlign: 'center',
          }}
        >
          <Typography variant="body2" role="alert">
            {failedText}
          </Typography>
          {onRetry && (
            <Button size="small" onClick={onRetry}>
              {retryLabel}
            </Button>
          )}
        </Box>
      )}
      {!url && !failed && (
        <Box role="img" aria-label={alt} aria-busy="true" sx={{ position: 'absolute', inset: 0 }} />
      )}
    </Box>
  );
}
