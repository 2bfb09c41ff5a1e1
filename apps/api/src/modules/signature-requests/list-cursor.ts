import { AppError } from '../../errors.ts';
import type { ListPosition } from './request-list.repository.ts';

// The dashboard's keyset cursor: where a page ends (the entry's exact updated_at and its request id),
// base64url-encoded so clients treat it as opaque and it passes through a query string unescaped.

const separator = '|';
/** `timestamptz::text` in the ISO DateStyle: date, time with up to microseconds, offset. */
const instantText =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-](\d{2})(?::([0-5]\d)){0,2}$/;

/**
 * Whether the text names an instant PostgreSQL accepts: the shape alone would let "2030-02-31" reach
 * the cast, which fails there (a 500) instead of here (a 400).
 */
function isInstant(text: string): boolean {
  const parts = instantText.exec(text)?.slice(1, 8).map(Number);
  if (!parts) return false;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, offset = 0] = parts;
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60 &&
    offset < 16
  );
}
const requestId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(position: ListPosition): string {
  return Buffer.from(`${position.updatedAt}${separator}${position.requestId}`).toString('base64url');
}

/** The position a cursor names; a cursor this server did not make is refused, naming the field. */
export function decodeCursor(cursor: string): ListPosition {
  const [updatedAt = '', id = '', ...rest] = Buffer.from(cursor, 'base64url')
    .toString('utf8')
    .split(separator);
  if (rest.length || !isInstant(updatedAt) || !requestId.test(id))
    throw new AppError(
      'VALIDATION_FAILED',
      "querystring.after: not a cursor of this list; pass an answer's next unchanged.",
      {
        field: 'querystring.after',
      },
    );
  return { updatedAt, requestId: id };
}
