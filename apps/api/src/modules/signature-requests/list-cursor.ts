import { AppError } from '../../errors.ts';
import type { ListPosition } from './request-list.repository.ts';

// The dashboard's keyset cursor: where a page ends (the entry's exact updated_at and its request id),
// base64url-encoded so clients treat it as opaque and it passes through a query string unescaped.

const separator = '|';
/** `timestamptz::text` in the ISO DateStyle: date, time with up to microseconds, offset. */
const instantText = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;
const requestId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(position: ListPosition): string {
  return Buffer.from(`${position.updatedAt}${separator}${position.requestId}`).toString('base64url');
}

/** The position a cursor names; a cursor this server did not make is refused, naming the field. */
export function decodeCursor(cursor: string): ListPosition {
  const [updatedAt = '', id = '', ...rest] = Buffer.from(cursor, 'base64url')
    .toString('utf8')
    .split(separator);
  if (rest.length || !instantText.test(updatedAt) || !requestId.test(id))
    throw new AppError(
      'VALIDATION_FAILED',
      "querystring.after: not a cursor of this list; pass an answer's next unchanged.",
      {
        field: 'querystring.after',
      },
    );
  return { updatedAt, requestId: id };
}
