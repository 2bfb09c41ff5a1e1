import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { TextInput } from '../../../components/text-input.tsx';
import Typography from '@mui/material/Typography';
import WebhookOutlinedIcon from '@mui/icons-material/WebhookOutlined';
import { webhookEventTypes, type WebhookEventType } from '@signet/contracts/business-webhooks';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageLoading } from '../../../components/page-frame.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatDateTime } from '../../../lib/i18n.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import { useCreateWebhook, useRotateCallbackSecret, useWebhooks } from '../api/webhooks.ts';
import { NewSecret, type FreshSecret } from './new-secret.tsx';
import { WebhookCard } from './webhook-card.tsx';

const ns = 'business-api';

/**
 * The webhooks part of /business/developers/api: the endpoints with their deliveries, a form to
 * add one, the callback secret, and how receivers check the signature.
 */
export function WebhooksSection({ businessId }: { businessId: string }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const webhooks = useWebhooks(businessId);
  const [fresh, setFresh] = useState<FreshSecret | null>(null);
  return (
    <>
      <SectionCard id="webhooks" heading={t('webhooks.title')} intro={t('webhooks.text')}>
        {fresh && (
          <Box sx={{ mb: 2 }}>
            <NewSecret title={fresh.title} secret={fresh.secret} onDone={() => setFresh(null)} />
          </Box>
        )}
        {webhooks.isPending ? (
          <PageLoading label={t('webhooks.loading')} />
        ) : webhooks.isError ? (
          <Alert severity="error" role="alert">
            {errorText(webhooks.error)}
          </Alert>
        ) : webhooks.data.webhooks.length === 0 ? (
          <EmptyState
            icon={<WebhookOutlinedIcon />}
            heading={t('webhooks.empty.heading')}
            text={t('webhooks.empty.text')}
          />
        ) : (
          <Box
            component="ul"
            aria-label={t('webhooks.list_label')}
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}
          >
            {webhooks.data.webhooks.map((webhook) => (
              <Box component="li" key={webhook.id} sx={{ minWidth: 0 }}>
                <WebhookCard businessId={businessId} webhook={webhook} onSecret={setFresh} />
              </Box>
            ))}
          </Box>
        )}
      </SectionCard>
      <CreateWebhookForm businessId={businessId} onCreated={setFresh} />
      <CallbackSecretCard
        businessId={businessId}
        createdAt={webhooks.data?.callbackSecretCreatedAt ?? null}
        onSecret={setFresh}
      />
      <SignatureHowTo />
    </>
  );
}

function CreateWebhookForm({
  businessId,
  onCreated,
}: {
  businessId: string;
  onCreated: (secret: FreshSecret) => void;
}) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const create = useCreateWebhook(businessId);
  const [url, setUrl] = useState('https://');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['request.signed', 'request.completed']);
  const [touched, setTouched] = useState(false);
  const urlProblem = /^https?:\/\/[^\s/]+/i.test(url.trim()) ? null : t('webhooks.form.url_invalid');
  const eventsProblem = events.length === 0 ? t('webhooks.form.events_missing') : null;
  const toggle = (event: WebhookEventType) =>
    setEvents((chosen) => (chosen.includes(event) ? chosen.filter((e) => e !== event) : [...chosen, event]));
  const onSubmit = (submitted: FormEvent) => {
    submitted.preventDefault();
    setTouched(true);
    if (urlProblem || eventsProblem) return;
    create.mutate(
      { url: url.trim(), description: description.trim(), events },
      {
        onSuccess: (created) => {
          setUrl('https://');
          setDescription('');
          setTouched(false);
          onCreated({ title: t('webhooks.secret_title', { url: created.url }), secret: created.secret });
        },
      },
    );
  };
  return (
    <SectionCard id="create-webhook" heading={t('webhooks.form.title')} intro={t('webhooks.form.text')}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
        <TextInput
          label={t('webhooks.form.url')}
          value={url}
          required
          type="url"
          onChange={(event) => {
            setUrl(event.target.value);
            create.reset();
          }}
          error={touched && Boolean(urlProblem)}
          helperText={(touched && urlProblem) || t('webhooks.form.url_hint')}
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, maxLength: 2000 } }}
        />
        <TextInput
          label={t('webhooks.form.description')}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <FormControl component="fieldset" error={touched && Boolean(eventsProblem)}>
          <FormLabel component="legend">{t('webhooks.form.events')}</FormLabel>
          <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {webhookEventTypes.map((event) => (
              <FormControlLabel
                key={event}
                control={<Checkbox checked={events.includes(event)} onChange={() => toggle(event)} />}
                label={
                  <span>
                    {t(`webhooks.events.${event}`)}{' '}
                    <Typography component="code" variant="caption" color="text.secondary">
                      {event}
                    </Typography>
                  </span>
                }
              />
            ))}
          </FormGroup>
          {touched && eventsProblem && <FormHelperText>{eventsProblem}</FormHelperText>}
        </FormControl>
        {create.isError && (
          <Alert severity="error" role="alert">
            {errorText(create.error)}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" loading={create.isPending}>
            {t('webhooks.form.create')}
          </Button>
        </Box>
      </Box>
    </SectionCard>
  );
}

function CallbackSecretCard({
  businessId,
  createdAt,
  onSecret,
}: {
  businessId: string;
  createdAt: string | null;
  onSecret: (secret: FreshSecret) => void;
}) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const rotate = useRotateCallbackSecret(businessId);
  return (
    <SectionCard
      id="callback-secret"
      heading={t('webhooks.callbacks.title')}
      intro={t('webhooks.callbacks.text')}
    >
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {createdAt
          ? t('webhooks.callbacks.made', { date: formatDateTime(createdAt) })
          : t('webhooks.callbacks.none')}
      </Typography>
      {rotate.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 1.5 }}>
          {errorText(rotate.error)}
        </Alert>
      )}
      <Button
        variant="outlined"
        loading={rotate.isPending}
        onClick={() =>
          rotate.mutate(undefined, {
            onSuccess: (made) =>
              onSecret({ title: t('webhooks.callbacks.secret_title'), secret: made.secret }),
          })
        }
      >
        {createdAt ? t('webhooks.callbacks.rotate') : t('webhooks.callbacks.make')}
      </Button>
    </SectionCard>
  );
}

/** How a receiver checks `Signet-Signature`, in a few lines of Node. */
const verifySnippet = `import { createHmac, timingSafeEqual } from 'node:crypto';
// header: the Signet-Signature header, body: the raw request body (a string)
const { t, v1 } = Object.fromEntries(header.split(',').map((p) => p.split('=')));
const expected = createHmac('sha256', secret).update(\`\${t}.\${body}\`).digest('hex');
const valid = v1?.length === expected.length
  && timingSafeEqual(Buffer.from(v1), Buffer.from(expected))
  && Math.abs(Date.now() / 1000 - Number(t)) < 300;`;

function SignatureHowTo() {
  const { t } = useTranslation(ns);
  return (
    <SectionCard
      id="webhook-signature"
      heading={t('webhooks.verify.title')}
      intro={t('webhooks.verify.text')}
    >
      <Typography
        component="pre"
        tabIndex={0}
        aria-label={t('webhooks.verify.code_label')}
        sx={{
          fontFamily: 'monospace',
          fontSize: '0.8rem',
          bgcolor: 'action.hover',
          p: 1.5,
          borderRadius: 1,
          overflowX: 'auto',
          m: 0,
        }}
      >
        {verifySnippet}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('webhooks.verify.retries')}
      </Typography>
    </SectionCard>
  );
}
