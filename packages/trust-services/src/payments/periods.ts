/** Unix seconds one interval later, by the calendar (UTC), as Stripe bills monthly and yearly. */
export function addInterval(seconds: number, interval: 'month' | 'year'): number {
  const date = new Date(seconds * 1000);
  const day = date.getUTCDate();
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  // 31 January + 1 month is the end of February, not 3 March (Stripe bills on the last day).
  if (date.getUTCDate() !== day) date.setUTCDate(0);
  return Math.floor(date.getTime() / 1000);
}

export const day = 24 * 60 * 60;
