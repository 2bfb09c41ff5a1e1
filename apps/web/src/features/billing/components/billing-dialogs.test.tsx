import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { DialogDescriptor } from '../../../components/dialog-store.ts';
import en from '../locales/en-gb.json';
import { FairFlatMigrationDialog, FreeMigrationDialog } from './plan-migration-dialogs.tsx';
import { FreePlanDowngradeDialog } from './subscription-dialogs.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en-gb',
    lowerCaseLng: true,
    ns: ['billing', 'translation'],
    resources: { 'en-gb': { billing: en, translation: { common: { cancel: 'Cancel' } } } },
    interpolation: { escapeValue: false },
  });
});

const descriptor = (name: string, props: Record<string, unknown>): DialogDescriptor => ({
  id: 'd1',
  namespace: name === 'free-plan-downgrade' ? 'business' : 'general',
  name,
  props,
});

// The first render loads MUI; on a busy machine that alone can take seconds.
describe('billing dialogs', { timeout: 20_000 }, () => {
  it('free plan downgrade says what the free plan keeps and loses before confirming', () => {
    const onAction = vi.fn();
    const terms = { signaturesPerMonth: 5, seats: 1, seatsLost: 3, keeps: ['ses'], loses: ['aes', 'qes'] };
    render(
      <FreePlanDowngradeDialog
        descriptor={descriptor('free-plan-downgrade', { values: { date: '31 Dec 2026' }, terms })}
        loading={false}
        onAction={onAction}
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByText(/until the end of the paid period \(31 Dec 2026\)/)).toBeTruthy();
    const summary = screen.getByRole('list', { name: 'What the free plan keeps and loses' });
    expect(summary.textContent).toContain(
      'The free plan keeps: Simple (SES); 5 free signatures a month; 1 seat.',
    );
    expect(summary.textContent).toContain('You lose: Advanced (AES), Qualified (QES).');
    expect(summary.textContent).toContain('The free plan has one seat: 3 of your seats end.');
    fireEvent.click(screen.getByRole('button', { name: 'Move to the free plan' }));
    expect(onAction).toHaveBeenCalledWith('confirm', undefined);
  });

  it('fair-flat migration names both plans and when, and is only acknowledged', () => {
    const onAction = vi.fn();
    render(
      <FairFlatMigrationDialog
        descriptor={descriptor('fair-flat-migration', {
          from: 'sme_v2',
          to: 'team',
          effectiveAt: null,
          moved: false,
        })}
        loading={false}
        onAction={onAction}
        onClose={vi.fn()}
      />,
    );
    expect(
      screen.getByText(
        /Your plan SME \(2019\) is no longer offered\. It moves to Team, the current plan of the same price class, now\./,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Understood' }));
    expect(onAction).toHaveBeenCalledWith('acknowledge', undefined);
  });

  it('free migration tells a business without a plan it moves to the free plan now', () => {
    render(
      <FreeMigrationDialog
        descriptor={descriptor('free-migration', {
          from: null,
          to: 'free_migrated',
          effectiveAt: null,
          moved: false,
        })}
        loading={false}
        onAction={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Your business moves to the free plan' })).toBeTruthy();
    expect(screen.getByText(/It moves to the plan Free now:/)).toBeTruthy();
  });

  it('once moved, the fair-flat notice says the plan moved, from which plan, to which, and when', () => {
    render(
      <FairFlatMigrationDialog
        descriptor={descriptor('fair-flat-migration', {
          from: 'ent_v2',
          to: 'scale',
          effectiveAt: '2026-12-31T10:00:00Z',
          moved: true,
        })}
        loading={false}
        onAction={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Your plan has changed' })).toBeTruthy();
    expect(
      screen.getByText(
        /is no longer offered: on .*31.*2026.* your business moved to Scale, the current plan/,
      ),
    ).toBeTruthy();
  });
});
