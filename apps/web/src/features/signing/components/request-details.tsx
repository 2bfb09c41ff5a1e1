import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import type { z } from 'zod';
import type { EventList, SignatureRequest, Signature } from '@signet/contracts/signature-requests';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/i18n.ts';

const statusColor = { OPEN: 'default', SIGNED: 'success', DECLINED: 'error' } as const;

export function signerName(signature: Signature): string {
  return `${signature.first_name} ${signature.last_name}`.trim() || signature.email;
}

export function SignersList({
  request,
  mySid,
  onRemove,
}: {
  request: SignatureRequest;
  mySid: string | null;
  /** Owner: remove a signer who has not signed. */
  onRemove?: (signature: Signature) => void;
}) {
  const { t } = useTranslation('signing');
  return (
    <Paper variant="outlined" component="section" aria-labelledby="signers-heading" sx={{ p: 2 }}>
      <Typography id="signers-heading" variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {t('view.signers', { signed: request.signed_count, count: request.signatures_count })}
      </Typography>
      <List dense disablePadding>
        {request.signatures.map((signature) => {
          const removable = onRemove && signature.status_code === 'OPEN' && request.signatures.length > 1;
          const when = signature.signed_at ?? signature.declined_at;
          return (
            <ListItem
              key={signature.sid}
              disableGutters
              data-testid="signer-row"
              secondaryAction={
                removable ? (
                  <IconButton
                    edge="end"
                    aria-label={t('view.remove_signer', { name: signerName(signature) })}
                    onClick={() => onRemove(signature)}
                  >
                    <PersonRemoveOutlinedIcon />
                  </IconButton>
                ) : undefined
              }
              sx={{ pr: removable ? 6 : 0, alignItems: 'flex-start' }}
            >
              <ListItemText
                primary={
                  <Box
                    component="span"
                    sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
                  >
                    <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                      {signerName(signature)}
                      {signature.sid === mySid ? ` (${t('view.you')})` : ''}
                    </Box>
                    <Chip
                      size="small"
                      color={statusColor[signature.status_code]}
                      label={t(`signer_status.${signature.status_code}`)}
                    />
                    <Chip size="small" variant="outlined" label={signature.quality.toUpperCase()} />
                  </Box>
                }
                secondary={
                  <>
                    <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                      {signature.email}
                    </Box>
                    {when && (
                      <Box component="span" sx={{ display: 'block' }}>
                        {formatDateTime(when)}
                      </Box>
                    )}
                    {signature.decline_message && (
                      <Box component="span" sx={{ display: 'block', fontStyle: 'italic' }}>
                        “{signature.decline_message}”
                      </Box>
                    )}
                  </>
                }
              />
            </ListItem>
          );
        })}
      </List>
      {request.observers.length > 0 && (
        <>
          <Typography variant="h3" sx={{ fontSize: '1rem', mt: 2, mb: 0.5 }}>
            {t('view.observers')}
          </Typography>
          {request.observers.map((email) => (
            <Typography key={email} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {email}
            </Typography>
          ))}
        </>
      )}
    </Paper>
  );
}

/** Who did it, by name where the request tells: the owner, or a signer by id. */
function actorName(
  request: SignatureRequest,
  actor: string | null,
  data: Record<string, unknown>,
  system: string,
): string {
  if (!actor) return system;
  if (actor === request.owner.id) return `${request.owner.first_name} ${request.owner.last_name}`.trim();
  const sid = actor.startsWith('visitor:') ? actor.slice(8) : typeof data.sid === 'string' ? data.sid : null;
  const signer = request.signatures.find((s) => s.sid === sid || (s.account_email && s.sid === actor));
  return signer ? signerName(signer) : system;
}

export function EventsTimeline({
  request,
  events,
}: {
  request: SignatureRequest;
  events: z.infer<typeof EventList> | undefined;
}) {
  const { t } = useTranslation('signing');
  return (
    <Paper variant="outlined" component="section" aria-labelledby="events-heading" sx={{ p: 2 }}>
      <Typography id="events-heading" variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {t('view.events')}
      </Typography>
      {events && !events.chain_valid && (
        <Typography color="error" variant="body2" role="alert" sx={{ mb: 1 }}>
          {t('view.chain_invalid')}
        </Typography>
      )}
      {!events ? (
        <Skeleton variant="rectangular" height={80} aria-label={t('view.loading')} />
      ) : (
        <Box
          component="ol"
          sx={{ listStyle: 'none', p: 0, m: 0, borderLeft: 2, borderColor: 'divider', pl: 2 }}
        >
          {[...events.events].reverse().map((event) => (
            <Box component="li" key={event.seq} sx={{ mb: 1.5, position: 'relative' }} data-testid="event">
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t(`events.${event.type.replace(/ /g, '_')}`, { defaultValue: event.type })}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {actorName(request, event.actor, event.data, t('view.system'))} ·{' '}
                {formatDateTime(event.created_at)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
