import { describe, expect, it } from 'vitest';
import { rangeProblem, thisMonth } from './date-range-fields.tsx';

// The page refuses what the server would refuse (a 400), before it calls.
describe('report date ranges', () => {
  it('starts as this month so far, in UTC days as the server counts them', () => {
    expect(thisMonth(new Date('2026-03-31T23:30:00Z'))).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-31',
    });
    expect(thisMonth(new Date('2026-01-01T00:00:00Z'))).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-01-01',
    });
  });

  it('names what is wrong: a missing date, a reversed range, more than 366 days', () => {
    expect(rangeProblem({ startDate: '2026-01-01', endDate: '2026-01-01' })).toBeNull();
    expect(rangeProblem({ startDate: '', endDate: '2026-01-01' })).toBe('start');
    expect(rangeProblem({ startDate: '2026-01-01', endDate: '' })).toBe('end');
    expect(rangeProblem({ startDate: '2026-01-02', endDate: '2026-01-01' })).toBe('order');
    // 2024 is a leap year: its 366 days are one report, a day more is not.
    expect(rangeProblem({ startDate: '2024-01-01', endDate: '2024-12-31' })).toBeNull();
    expect(rangeProblem({ startDate: '2024-01-01', endDate: '2025-01-01' })).toBe('length');
  });
});
