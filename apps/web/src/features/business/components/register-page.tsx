import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { TextInput } from '../../../components/text-input.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CheckboxField } from '../../../components/checkbox-field.tsx';
import { PageFrame, PageLoading } from '../../../components/page-frame.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { ButtonLink } from '../../../components/router-links.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { userBusinessQueryOptions } from '../../../lib/api/get-user-business.ts';
import { useUser } from '../../../lib/api/get-user.ts';
import type { BusinessMembership } from '../../../lib/business-membership.ts';
import { useServerErrors } from '../../../lib/server-errors.ts';
import { rules, translateValidation } from '../../../lib/validation.ts';
import { useCreateBusiness } from '../api/create-business.ts';

const ns = 'business';

/** The rules of POST /v2/businesses (contracts CreateBusinessBody). */
const RegisterForm = z.object({
  name: rules.required().pipe(rules.maxLength(100)),
  email: rules.email(),
  phone: z.union([z.literal(''), rules.phone()]),
  gtc: rules.mustBeTrue('validation.terms'),
  dpa: z.boolean(),
});
type RegisterValues = z.infer<typeof RegisterForm>;
const serverFields = ['name', 'email', 'phone', 'gtc'] as const;

/**
 * /business/register (a signed-in user without a business): create a business and become its
 * admin. Someone in a business already (a guard's view can be older than another tab's join) is
 * told why there is no form.
 */
export function RegisterPage() {
  const { t } = useTranslation(ns);
  const business = useQuery(userBusinessQueryOptions);
  const user = useUser();
  let content;
  if (business.isPending || user.isPending) content = <PageLoading label={t('register.loading')} />;
  else if (business.isError || user.isError)
    content = (
      <RetryAlert
        severity="error"
        retryLabel={t('register.retry')}
        onRetry={() => void Promise.all([business.refetch(), user.refetch()])}
      >
        {t('register.load_failed')}
      </RetryAlert>
    );
  else if (business.data) content = <AlreadyInBusiness business={business.data} />;
  else content = <CreateBusinessForm email={user.data.email} />;
  return (
    <PageFrame title={t('register.title')} subtitle={t('register.subtitle')}>
      <Box sx={{ maxWidth: 640 }}>{content}</Box>
    </PageFrame>
  );
}

function AlreadyInBusiness({ business }: { business: BusinessMembership }) {
  const { t } = useTranslation(ns);
  return (
    <Alert
      severity="info"
      action={
        business.role === 'admin' ? (
          <ButtonLink to="/business/dashboard" color="inherit" size="small">
            {t('register.to_business')}
          </ButtonLink>
        ) : undefined
      }
    >
      {t('register.already', { business: business.name })}
    </Alert>
  );
}

function CreateBusinessForm({ email }: { email: string }) {
  const { t } = useTranslation([ns, 'translation'], { nsMode: 'fallback' });
  const navigate = useNavigate();
  const create = useCreateBusiness();
  const form = useForm<RegisterValues>({
    resolver: zodResolver(RegisterForm),
    defaultValues: { name: '', email, phone: '', gtc: false, dpa: false },
  });
  const { formError, setFormError, apply } = useServerErrors(form.setError, serverFields, [ns]);
  const field = (name: 'name' | 'email' | 'phone', help?: string) => {
    const { error } = form.getFieldState(name, form.formState);
    return {
      ...form.register(name),
      error: Boolean(error),
      helperText: translateValidation(t, error?.message) ?? help,
    };
  };
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const phone = values.phone.trim();
      await create.mutateAsync({
        name: values.name.trim(),
        email: values.email.trim(),
        gtc: true,
        dpa: values.dpa,
        ...(phone ? { phone } : {}),
      });
      await navigate({ to: '/business/welcome', replace: true });
    } catch (error) {
      apply(error);
    }
  });
  return (
    <SectionCard id="business-details" heading={t('register.details')} intro={t('register.intro')}>
      {formError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
        <TextInput label={t('register.name')} autoComplete="organization" autoFocus {...field('name')} />
        <TextInput label={t('register.email')} type="email" {...field('email', t('register.email_hint'))} />
        <TextInput label={t('register.phone')} type="tel" {...field('phone', t('register.phone_hint'))} />
        <CheckboxField control={form.control} name="gtc" label={t('register.gtc')} />
        <CheckboxField control={form.control} name="dpa" label={t('register.dpa')} />
        <Box>
          <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>
            {t('register.submit')}
          </Button>
        </Box>
      </Box>
    </SectionCard>
  );
}
