import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { TextInput } from '../../../../components/text-input.tsx';
import type { BusinessLifecycle } from '@signet/contracts/business-lifecycle';
import type { BusinessRole } from '@signet/contracts/businesses';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../../components/section-card.tsx';
import { showSnackbar } from '../../../../components/snackbar-store.ts';
import { useErrorText } from '../../../../lib/server-errors.ts';
import { rules } from '../../../../lib/validation.ts';
import { useInvite } from '../../api/members.ts';
import { SeatsUsage } from './seats-usage.tsx';

const ns = 'business';
/** The API takes at most this many people per call. */
const maxPerInvitation = 100;

/** Addresses separated by commas, semicolons, spaces or lines; the ones that are no address. */
function readAddresses(text: string): { valid: string[]; invalid: string[] } {
  const parts = [...new Set(text.split(/[\s,;]+/).map((part) => part.trim().toLowerCase()))].filter(Boolean);
  const valid = parts.filter((part) => rules.email().safeParse(part).success);
  return { valid, invalid: parts.filter((part) => !valid.includes(part)) };
}

/**
 * Invite one or many people by e-mail, as members or admins. They join once they accept; each
 * invitation takes a seat, shown above the form once known.
 */
export function InviteForm({
  businessId,
  seats,
}: {
  businessId: string;
  seats: BusinessLifecycle['seats'] | undefined;
}) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const invite = useInvite(businessId);
  const [text, setText] = useState('');
  const [role, setRole] = useState<BusinessRole>('member');
  const [touched, setTouched] = useState(false);
  const { valid, invalid } = readAddresses(text);
  const problem =
    valid.length === 0 && invalid.length === 0
      ? t('members.invite.required')
      : invalid.length > 0
        ? t('members.invite.invalid', { addresses: invalid.join(', ') })
        : valid.length > maxPerInvitation
          ? t('members.invite.too_many', { max: maxPerInvitation })
          : null;
  const shown = touched ? (problem ?? (invite.isError ? errorText(invite.error) : null)) : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    invite.mutate(
      valid.map((email) => ({ email, role })),
      {
        onSuccess: (result) => {
          setText('');
          setTouched(false);
          showSnackbar({
            message:
              result.alreadyMembers.length > 0
                ? `${ns}:members.invite.sent_some`
                : `${ns}:members.invite.sent`,
            values: { count: result.invited.length, members: result.alreadyMembers.join(', ') },
            color: 'success',
          });
        },
      },
    );
  };
  return (
    <SectionCard id="invite-people" heading={t('members.invite.title')} intro={t('members.invite.text')}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
        {seats && <SeatsUsage seats={seats} />}
        <TextInput
          label={t('members.invite.addresses')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            invite.reset();
          }}
          multiline
          minRows={2}
          error={Boolean(shown)}
          helperText={shown ?? t('members.invite.hint')}
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
        />
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            select
            label={t('members.invite.role')}
            fullWidth={false}
            value={role}
            onChange={(event) => setRole(event.target.value as BusinessRole)}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="member">{t('invitation.roles.member')}</MenuItem>
            <MenuItem value="admin">{t('invitation.roles.admin')}</MenuItem>
          </TextField>
          <Button type="submit" variant="contained" loading={invite.isPending}>
            {valid.length > 1
              ? t('members.invite.send_many', { count: valid.length })
              : t('members.invite.send')}
          </Button>
        </Box>
      </Box>
    </SectionCard>
  );
}
