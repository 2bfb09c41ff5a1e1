import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@signet/contracts/accounts';
import { languages, type Language } from '@signet/contracts/common';
import { changeLanguage, initI18n } from '../../../lib/i18n.ts';
import { makeUser } from '../../../test-support.ts';
import { profileNamespace } from '../use-profile-translation.ts';
import { ProfileDetailsForm } from './profile-details-form.tsx';

// The app's own i18n set-up, so that the profile's strings load as they do in the browser.
beforeAll(() => initI18n('en-gb'));

async function showIn(language: Language) {
  await changeLanguage(language, false);
  await i18next.loadNamespaces(profileNamespace);
}
const text = (key: string) => i18next.t(key, { ns: profileNamespace });

/** A user whose identification unlocked QES under these legislations (none: not identified). */
function identifiedUser(qes: Partial<User['signatureQualities']['qes']>): User {
  const user = makeUser();
  const qualities = user.signatureQualities;
  return { ...user, signatureQualities: { ...qualities, qes: { ...qualities.qes, ...qes } } };
}

function renderForm(user: User) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ProfileDetailsForm user={user} />
    </QueryClientProvider>,
  );
}

const type = (field: 'first_name' | 'last_name', value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: new RegExp(text(`profile.details.${field}`)) }), {
    target: { value },
  });
const warning = () => screen.queryByRole('status');

describe('the profile details before a name change', () => {
  it('warn that a new name re-locks the QES an identification unlocked, while the name differs', async () => {
    await showIn('en-gb');
    renderForm(identifiedUser({ eidas: true }));
    expect(warning()).toBeNull();
    type('last_name', 'Byron');
    expect(warning()?.textContent).toBe(
      'Qualified signatures under eIDAS (EU) rest on your identification, which confirmed your current ' +
        'name. Saved under a different name, they need a new identification.',
    );
    type('last_name', 'Lovelace ');
    expect(warning()).toBeNull();
    type('first_name', 'Augusta');
    expect(warning()).not.toBeNull();
  });

  it('name every legislation whose QES the change concerns', async () => {
    await showIn('en-gb');
    renderForm(identifiedUser({ eidas: true, zertes: true }));
    type('first_name', 'Augusta');
    expect(warning()?.textContent).toContain('under eIDAS (EU) and ZertES (Switzerland) rest on');
  });

  it('say nothing to a user without QES, whose name unlocks nothing', async () => {
    await showIn('en-gb');
    renderForm(identifiedUser({}));
    type('first_name', 'Augusta');
    expect(warning()).toBeNull();
  });

  it.each(languages)('warn in %s too', async (language) => {
    await showIn(language);
    renderForm(identifiedUser({ zertes: true }));
    type('last_name', 'Byron');
    expect(warning()?.textContent).toContain(text('settings.defaults.legislations.zertes'));
    expect(warning()?.textContent).not.toContain('profile.details');
  });
});
