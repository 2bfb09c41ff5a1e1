/**
 * Text placed in HTML that Signet writes (mails, reports, the sandbox outbox): names, titles and
 * certificate subjects come from strangers.
 */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}
