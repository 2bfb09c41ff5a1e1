import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@signet/contracts/accounts';
import shell from '../../../locales/en-gb.json';
import { makeUser } from '../../../test-support.ts';
import enGb from '../locales/en-gb.json';
import { ProfileDetailsForm } from './profile-details-form.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en-gb',
    lowerCaseLng: true,
    resources: { 'en-gb': { account: enGb, translation: shell } },
    react: { useSuspense: false },
  });
});

/** A user whose identification unlocked QES under these legislations (none: not identified). */
function identifiedUser(qes: Partial<User['signatureQualities']['qes']>): User {
  const user = makeUser();
  return {
    ...user,
    signatureQualities: { ...user.signatureQualities, qes: { ...user.signatureQualities.qes, ...qes } },
  };
}

function renderForm(user: User) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ProfileDetailsForm user={user} />
    </QueryClientProvider>,
  );
}

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
const warning = () => screen.queryByText(/need a new identification/);

describe('the profile details before a name change', () => {
  it('warns that a new name re-locks the QES an identification unlocked, and only while the name differs', () => {
    renderForm(identifiedUser({ eidas: true }));
    expect(warning()).toBeNull();
    type(/last name/i, 'Byron');
    expect(screen.getByRole('status').textContent).toContain(
      'Qualified signatures under eIDAS (EU) rest on your identification',
    );
    type(/last name/i, 'Lovelace ');
    expect(warning()).toBeNull();
    type(/first name/i, 'Augusta');
    expect(warning()).not.toBeNull();
  });

  it('names every legislation whose QES the change concerns', () => {
    renderForm(identifiedUser({ eidas: true, zertes: true }));
    type(/first name/i, 'Augusta');
    expect(warning()?.textContent).toContain('under eIDAS (EU) and ZertES (Switzerland) rest on');
  });

  it('says nothing to a user without QES, whose name unlocks nothing', () => {
    renderForm(identifiedUser({}));
    type(/first name/i, 'Augusta');
    expect(warning()).toBeNull();
  });
});
