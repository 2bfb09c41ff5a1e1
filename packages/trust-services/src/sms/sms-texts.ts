export type SmsLanguage = 'en' | 'de' | 'fr' | 'it';
export const smsLanguages: readonly SmsLanguage[] = ['en', 'de', 'fr', 'it'];

/** The one SMS the sandbox sends: a signing code, in the signer's language, marked as simulated. */
export function signingCodeText(language: SmsLanguage, code: string, validMinutes: number): string {
  switch (language) {
    case 'de':
      return `Signet SIMULIERT (nicht rechtsverbindlich): Ihr Signatur-Code lautet ${code}. Er ist ${validMinutes} Minuten gültig. Geben Sie ihn nie weiter.`;
    case 'fr':
      return `Signet SIMULÉ (sans valeur juridique) : votre code de signature est ${code}. Il est valable ${validMinutes} minutes. Ne le communiquez jamais.`;
    case 'it':
      return `Signet SIMULATO (senza valore legale): il suo codice di firma è ${code}. È valido ${validMinutes} minuti. Non lo comunichi a nessuno.`;
    case 'en':
      return `Signet SIMULATED (not legally binding): your signing code is ${code}. It is valid for ${validMinutes} minutes. Never share it.`;
  }
}
