import type { Language } from '@signet/contracts/common';

/** The two-letter language the QTSP's SMS uses. */
export const smsLanguage = (lang: Language) => lang.slice(0, 2) as 'en' | 'de' | 'fr' | 'it';
