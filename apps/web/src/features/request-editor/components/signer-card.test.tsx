import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en-gb.json';
import shell from '../../../locales/en-gb.json';
import { EditorSchema, newSigner, type EditorForm } from '../editor-form.ts';
import { SignerCard } from './signer-card.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en-gb',
    lowerCaseLng: true,
    resources: { 'en-gb': { translation: shell, 'request-editor': en } },
    returnNull: false,
  });
});

function Harness({ initial, onValid }: { initial: EditorForm; onValid: (values: EditorForm) => void }) {
  const form = useForm<EditorForm>({ defaultValues: initial, resolver: zodResolver(EditorSchema) });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onValid)} noValidate>
        {initial.signers.map((signer, index) => (
          <SignerCard
            key={signer.key}
            index={index}
            count={initial.signers.length}
            color="#1565c0"
            signingOrder={false}
            requestQuality="aes"
            onRemove={vi.fn()}
            onMove={vi.fn()}
            onChooseQuality={vi.fn()}
            onPlace={vi.fn()}
            onUnplace={vi.fn()}
            pageCountOf={() => 3}
          />
        ))}
        <button type="submit">Save</button>
      </form>
    </FormProvider>
  );
}

function renderCards(signers: EditorForm['signers']) {
  const onValid = vi.fn();
  const initial: EditorForm = {
    title: 'Lease',
    message: '',
    quality: 'aes',
    legislation: 'zertes',
    signingOrder: false,
    signers,
    observers: [],
  };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Harness initial={initial} onValid={onValid} />
    </QueryClientProvider>,
  );
  return onValid;
}

describe('signer cards: form validation', () => {
  it("shows each rule's message on its field and sends nothing until they are met", async () => {
    const onValid = renderCards([newSigner('account'), { ...newSigner('visitor'), mobile: '12' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const visitor = screen.getByRole('listitem', { name: 'Signer 2' });
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(4));
    expect(visitor.textContent).toContain('Invalid format');
    expect(onValid).not.toHaveBeenCalled();

    const fill = (card: HTMLElement, label: RegExp, value: string) =>
      fireEvent.change(within(card).getByLabelText(label), { target: { value } });
    const account = screen.getByRole('listitem', { name: 'Signer 1' });
    fill(account, /E-mail address/, 'bob@example.com');
    fill(visitor, /E-mail address/, 'bob@example.com');
    fill(visitor, /First name/, 'Vera');
    fill(visitor, /Last name/, 'Visitor');
    fill(visitor, /Mobile number/, '+41 79 555 12 34');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The same person twice is refused on the second entry.
    await waitFor(() => expect(visitor.textContent).toContain('This address is in the list twice.'));
    expect(onValid).not.toHaveBeenCalled();

    fill(visitor, /E-mail address/, 'vera@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]![0].signers.map((s: { kind: string }) => s.kind)).toEqual([
      'account',
      'visitor',
    ]);
    // MUI in jsdom is slow on a busy machine (several builds and browsers at once).
  }, 60_000);

  it('says where the signature is placed, or that it is invisible', () => {
    renderCards([
      {
        ...newSigner('account'),
        accountEmail: 'bob@example.com',
        placements: [{ documentId: 'd', page: 2, x: 1, y: 2, width: 300, height: 140 }],
      },
      newSigner('account'),
    ]);
    expect(screen.getByText('Signature on page 2 of 3')).toBeTruthy();
    expect(screen.getByText(/No visible signature yet/)).toBeTruthy();
  });
});
