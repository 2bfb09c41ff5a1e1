import type { Language } from '@signet/contracts/common';

// Its own file so that templates.ts and business-templates.ts both use it without importing each other.

/** Every message Signet mails, in the four languages. `{name}` placeholders are filled from params. */
interface MailTemplate {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: string;
  footer: string;
}

/** Templates by name, each in the four languages. */
export type MailTemplates = Record<string, Record<Language, MailTemplate>>;
