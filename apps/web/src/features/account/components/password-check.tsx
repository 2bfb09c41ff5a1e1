import Box from '@mui/material/Box';
import { type TextInputProps } from '../../../components/text-input.tsx';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Typography from '@mui/material/Typography';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCheckPassword, type PasswordCheck, type PasswordOwner } from '../api/check-password.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { PasswordField } from './password-field.tsx';

/**
 * Live server verdict on the password being typed (spec §5: the server decides validity). `owner`
 * holds the names and address typed so far (signup); a signed-in user's are known to the server.
 */
function usePasswordVerdict(
  password: string,
  owner: PasswordOwner = {},
): {
  verdict: PasswordCheck | undefined;
  pending: boolean;
} {
  const debounced = useDebounced(password, 300);
  // Debounced as text: a fresh object each render would never settle.
  const debouncedOwner = useDebounced(JSON.stringify(owner), 300);
  const query = useCheckPassword(debounced, JSON.parse(debouncedOwner) as PasswordOwner);
  const current = debounced === password ? query.data : undefined;
  return { verdict: current, pending: password !== '' && (debounced !== password || query.isFetching) };
}

/**
 * A new password field's live verdict, and `refuse()` for the moment of sending: a password the
 * server refused is marked on its field and not sent (true then).
 */
export function useNewPassword<T extends FieldValues>(
  form: UseFormReturn<T>,
  name: Path<T>,
  owner?: PasswordOwner,
) {
  const { verdict } = usePasswordVerdict(String(form.watch(name) ?? ''), owner);
  const refuse = () => {
    if (!verdict || verdict.valid) return false;
    form.setError(name, { type: 'server', message: `password.${verdict.errorCode ?? 'invalid'}` });
    return true;
  };
  return { verdict, refuse };
}

/** A new password's field with the server's verdict under it. */
export function NewPasswordField({
  verdict,
  ...props
}: TextInputProps & { verdict: PasswordCheck | undefined }) {
  return (
    <Box>
      <PasswordField
        autoComplete="new-password"
        {...props}
        slotProps={{ htmlInput: { 'aria-describedby': 'password-verdict' } }}
      />
      <PasswordVerdict verdict={verdict} id="password-verdict" />
    </Box>
  );
}

function PasswordVerdict({ verdict, id }: { verdict: PasswordCheck | undefined; id: string }) {
  const { t } = useTranslation();
  if (!verdict) return <Box id={id} aria-live="polite" sx={{ minHeight: 24 }} />;
  const ok = verdict.valid;
  return (
    <Box
      id={id}
      aria-live="polite"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        minHeight: 24,
        color: ok ? 'success.main' : 'error.main',
      }}
    >
      {ok ? (
        <CheckCircleIcon fontSize="small" aria-hidden="true" />
      ) : (
        <ErrorOutlineIcon fontSize="small" aria-hidden="true" />
      )}
      <Typography variant="body2">
        {ok ? t('password.valid') : t(`password.${verdict.errorCode ?? 'invalid'}`)}
      </Typography>
    </Box>
  );
}
