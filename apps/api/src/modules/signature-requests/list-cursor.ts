import { AppError } from '../../errors.ts';
import type { ListPosition } from './request-list.repository.ts';

// The dashboard's keyset cursor: where a page ends (the entry's updated_at in microseconds since 1970
// and its request id), base64url-encoded so clients treat it as opaque and it passes through a query
// string unescaped. Both parts are checked by shape only: any 1–16 digits is an instant the database
// accepts (16 digits stay below 2^53, exact in every number type on the way), so a cursor this server
// did not make gives a 400 here or, if well formed, just a page — never a failed cast.

const separator = '|';
const micros = /^\d{1,16}$/;
const requestId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(position: ListPosition): string {
  return Buffer.from(`${position.updatedAtMicros}${separator}${position.requestId}`).toString('base64url');
}

/** The position a cursor names; a cursor this server did not make is refused, naming the field. */
export function decodeCursor(cursor: string): ListPosition {
  const [updatedAtMicros = '', id = '', ...rest] = Buffer.from(cursor, 'base64url')
    .toString('utf8')
    .split(separator);
  if (rest.length || !micros.test(updatedAtMicros) || !requestId.test(id))
    throw new AppError(
      'VALIDATION_FAILED',
      "querystring.after: not a cursor of this list; pass an answer's next unchanged.",
      { field: 'querystring.after' },
    );
  return { updatedAtMicros, requestId: id };
}
