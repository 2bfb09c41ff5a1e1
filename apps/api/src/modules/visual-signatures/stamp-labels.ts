import type { Language } from '@signet/contracts/common';

/** Words drawn into the visible signature, in the signer's language. */
export const qualityLabels: Record<Language, Record<'ses' | 'aes' | 'qes' | 'part11', string>> = {
  'en-gb': {
    ses: 'Simple electronic signature',
    aes: 'Advanced electronic signature',
    qes: 'Qualified electronic signature',
    part11: 'FDA 21 CFR Part 11 signature',
  },
  'de-ch': {
    ses: 'Einfache elektronische Signatur',
    aes: 'Fortgeschrittene elektronische Signatur',
    qes: 'Qualifizierte elektronische Signatur',
    part11: 'Signatur nach FDA 21 CFR Part 11',
  },
  'fr-ch': {
    ses: 'Signature électronique simple',
    aes: 'Signature électronique avancée',
    qes: 'Signature électronique qualifiée',
    part11: 'Signature FDA 21 CFR Part 11',
  },
  it: {
    ses: 'Firma elettronica semplice',
    aes: 'Firma elettronica avanzata',
    qes: 'Firma elettronica qualificata',
    part11: 'Firma FDA 21 CFR Part 11',
  },
};

/** The visible label of a business seal (Signet's seal certificates are qualified seals). */
export const sealLabels: Record<Language, string> = {
  'en-gb': 'Qualified electronic seal',
  'de-ch': 'Qualifiziertes elektronisches Siegel',
  'fr-ch': 'Cachet électronique qualifié',
  it: 'Sigillo elettronico qualificato',
};

export const claims: Record<Language, string> = {
  'en-gb': 'Signed electronically with Signet',
  'de-ch': 'Elektronisch unterschrieben mit Signet',
  'fr-ch': 'Signé électroniquement avec Signet',
  it: 'Firmato elettronicamente con Signet',
};

export const legislationLabels = { eidas: 'eIDAS (EU)', zertes: 'ZertES (CH)' } as const;

/** The trust service that issues the certificates, as the stamp names it. */
export const providerLabels = { sandbox: 'Signet sandbox QTSP (SIMULATED)' } as const;

/** Spec §9 date format: day numeric, month short, year numeric, hour and minute. */
export function formatSigningTime(time: Date, lang: Language): string {
  return new Intl.DateTimeFormat(lang === 'it' ? 'it-CH' : lang.replace('-gb', '-GB').replace('-ch', '-CH'), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Zurich',
    timeZoneName: 'short',
  }).format(time);
}
