import { maxActivityRangeDays, maxStatisticsMonths } from '@signet/contracts/business-activity';
import { AppError } from '../../errors.ts';
import type { Instants } from './business-activity.repository.ts';

// The query schemas check the ranges callers give in full; these fill in the ends they leave out
// (which may then break the same rules: a start date in the future, a start too long ago).

const dayMs = 86_400_000;
const startOfDay = (date: string) => new Date(`${date}T00:00:00Z`);
const isoDay = (instant: Date) => instant.toISOString().slice(0, 10);

/** A report's days as instants: from the start day's midnight to the midnight after the end day (UTC). */
export function instantsOf(range: { start_date?: string; end_date?: string }): Instants {
  return {
    from: range.start_date ? startOfDay(range.start_date) : null,
    to: range.end_date ? new Date(startOfDay(range.end_date).getTime() + dayMs) : null,
  };
}

export interface DayRange {
  startDate: string;
  endDate: string;
}

/**
 * An export's days: as given, else up to today and from the first of the end day's month, so a
 * bare export is this month so far. Checked again as the ends may come from here.
 */
export function exportRange(query: { start_date?: string; end_date?: string }, now: Date): DayRange {
  const endDate = query.end_date ?? isoDay(now);
  const startDate = query.start_date ?? `${endDate.slice(0, 7)}-01`;
  const days = (startOfDay(endDate).getTime() - startOfDay(startDate).getTime()) / dayMs + 1;
  if (days < 1)
    throw new AppError('VALIDATION_FAILED', 'The start date is after the end date (today when not given)', {
      field: 'querystring.start_date',
    });
  if (days > maxActivityRangeDays)
    throw new AppError('VALIDATION_FAILED', `An export covers at most ${maxActivityRangeDays} days`, {
      field: 'querystring.start_date',
    });
  return { startDate, endDate };
}

/** `YYYY-MM`, months counted from year 0 and back. */
const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const monthName = (index: number) =>
  `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;

/** The statistics' months, oldest first: as given, else the twelve up to this month. */
export function statisticsMonths(query: { start_month?: string; end_month?: string }, now: Date): string[] {
  const end = monthIndex(query.end_month ?? now.toISOString().slice(0, 7));
  const start = query.start_month ? monthIndex(query.start_month) : end - 11;
  if (start > end)
    throw new AppError(
      'VALIDATION_FAILED',
      'The start month is after the end month (this month when not given)',
      {
        field: 'querystring.start_month',
      },
    );
  if (end - start + 1 > maxStatisticsMonths)
    throw new AppError('VALIDATION_FAILED', `Statistics cover at most ${maxStatisticsMonths} months`, {
      field: 'querystring.start_month',
    });
  return Array.from({ length: end - start + 1 }, (_, i) => monthName(start + i));
}

/** From the first instant of the first month to the first instant after the last. */
export function monthInstants(months: string[]): Instants {
  const first = months[0]!;
  const after = monthName(monthIndex(months[months.length - 1]!) + 1);
  return { from: new Date(`${first}-01T00:00:00Z`), to: new Date(`${after}-01T00:00:00Z`) };
}
