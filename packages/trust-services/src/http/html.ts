import type { FastifyInstance } from 'fastify';

/** Text placed into the sandbox's HTML pages (outboxes, access form). */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Reads the sandbox pages' form posts (small, url-encoded) into plain objects, in `app`'s scope. */
export function acceptHtmlForms(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}
