import type { Language } from '@signet/contracts/common';

/** The closing line of every mail. */
export const footer: Record<Language, string> = {
  'en-gb':
    'You receive this e-mail because someone used this address at Signet. If it was not you, ignore it.',
  'de-ch':
    'Sie erhalten diese E-Mail, weil diese Adresse bei Signet verwendet wurde. Falls Sie das nicht waren, ignorieren Sie sie.',
  'fr-ch':
    "Vous recevez cet e-mail parce que cette adresse a été utilisée sur Signet. Si ce n'était pas vous, ignorez-le.",
  it: 'Ricevete questa e-mail perché questo indirizzo è stato usato su Signet. Se non siete stati voi, ignoratela.',
};
