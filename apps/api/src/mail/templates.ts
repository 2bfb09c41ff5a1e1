import type { Language } from '@signet/contracts/common';

/** Every message Signet mails, in the four languages. `{name}` placeholders are filled from params. */
export interface MailTemplate {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: string;
  footer: string;
}

type Templates = Record<string, Record<Language, MailTemplate>>;

const footer: Record<Language, string> = {
  'en-gb':
    'You receive this e-mail because someone used this address at Signet. If it was not you, ignore it.',
  'de-ch':
    'Sie erhalten diese E-Mail, weil diese Adresse bei Signet verwendet wurde. Falls Sie das nicht waren, ignorieren Sie sie.',
  'fr-ch':
    "Vous recevez cet e-mail parce que cette adresse a été utilisée sur Signet. Si ce n'était pas vous, ignorez-le.",
  it: 'Ricevete questa e-mail perché questo indirizzo è stato usato su Signet. Se non siete stati voi, ignoratela.',
};

export const templates = {
  signupConfirmation: {
    'en-gb': {
      subject: 'Confirm your e-mail address for Signet',
      greeting: 'Hello,',
      paragraphs: [
        'Please confirm your e-mail address to create your Signet account. The link is valid for 24 hours.',
      ],
      action: 'Confirm e-mail address',
      footer: footer['en-gb'],
    },
    'de-ch': {
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse für Signet',
      greeting: 'Guten Tag',
      paragraphs: [
        'Bitte bestätigen Sie Ihre E-Mail-Adresse, um Ihr Signet-Konto zu eröffnen. Der Link ist 24 Stunden gültig.',
      ],
      action: 'E-Mail-Adresse bestätigen',
      footer: footer['de-ch'],
    },
    'fr-ch': {
      subject: 'Confirmez votre adresse e-mail pour Signet',
      greeting: 'Bonjour,',
      paragraphs: [
        'Veuillez confirmer votre adresse e-mail pour créer votre compte Signet. Le lien est valable 24 heures.',
      ],
      action: "Confirmer l'adresse e-mail",
      footer: footer['fr-ch'],
    },
    it: {
      subject: 'Confermate il vostro indirizzo e-mail per Signet',
      greeting: 'Buongiorno,',
      paragraphs: [
        'Confermate il vostro indirizzo e-mail per creare il vostro conto Signet. Il link è valido 24 ore.',
      ],
      action: 'Confermare l’indirizzo e-mail',
      footer: footer.it,
    },
  },
  emailVerification: {
    'en-gb': {
      subject: 'Confirm your new e-mail address',
      greeting: 'Hello {firstName},',
      paragraphs: [
        'Please confirm that {email} is your e-mail address at Signet. The link is valid for 24 hours.',
      ],
      action: 'Confirm e-mail address',
      footer: footer['en-gb'],
    },
    'de-ch': {
      subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
      greeting: 'Guten Tag {firstName}',
      paragraphs: [
        'Bitte bestätigen Sie, dass {email} Ihre E-Mail-Adresse bei Signet ist. Der Link ist 24 Stunden gültig.',
      ],
      action: 'E-Mail-Adresse bestätigen',
      footer: footer['de-ch'],
    },
    'fr-ch': {
      subject: 'Confirmez votre nouvelle adresse e-mail',
      greeting: 'Bonjour {firstName},',
      paragraphs: [
        'Veuillez confirmer que {email} est votre adresse e-mail sur Signet. Le lien est valable 24 heures.',
      ],
      action: "Confirmer l'adresse e-mail",
      footer: footer['fr-ch'],
    },
    it: {
      subject: 'Confermate il vostro nuovo indirizzo e-mail',
      greeting: 'Buongiorno {firstName},',
      paragraphs: ['Confermate che {email} è il vostro indirizzo e-mail su Signet. Il link è valido 24 ore.'],
      action: 'Confermare l’indirizzo e-mail',
      footer: footer.it,
    },
  },
  passwordReset: {
    'en-gb': {
      subject: 'Reset your Signet password',
      greeting: 'Hello {firstName},',
      paragraphs: [
        'Someone asked to reset the password of your Signet account. The link is valid for one hour.',
      ],
      action: 'Choose a new password',
      footer: footer['en-gb'],
    },
    'de-ch': {
      subject: 'Signet-Passwort zurücksetzen',
      greeting: 'Guten Tag {firstName}',
      paragraphs: [
        'Jemand möchte das Passwort Ihres Signet-Kontos zurücksetzen. Der Link ist eine Stunde gültig.',
      ],
      action: 'Neues Passwort wählen',
      footer: footer['de-ch'],
    },
    'fr-ch': {
      subject: 'Réinitialiser votre mot de passe Signet',
      greeting: 'Bonjour {firstName},',
      paragraphs: [
        'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte Signet. Le lien est valable une heure.',
      ],
      action: 'Choisir un nouveau mot de passe',
      footer: footer['fr-ch'],
    },
    it: {
      subject: 'Reimpostare la password di Signet',
      greeting: 'Buongiorno {firstName},',
      paragraphs: [
        'Qualcuno ha chiesto di reimpostare la password del vostro conto Signet. Il link è valido un’ora.',
      ],
      action: 'Scegliere una nuova password',
      footer: footer.it,
    },
  },
  passwordChanged: {
    'en-gb': {
      subject: 'Your Signet password was changed',
      greeting: 'Hello {firstName},',
      paragraphs: [
        'The password of your Signet account was just changed and all other sessions were signed out. If this was not you, reset your password at once.',
      ],
      footer: footer['en-gb'],
    },
    'de-ch': {
      subject: 'Ihr Signet-Passwort wurde geändert',
      greeting: 'Guten Tag {firstName}',
      paragraphs: [
        'Das Passwort Ihres Signet-Kontos wurde soeben geändert, alle anderen Sitzungen wurden abgemeldet. Falls Sie das nicht waren, setzen Sie Ihr Passwort sofort zurück.',
      ],
      footer: footer['de-ch'],
    },
    'fr-ch': {
      subject: 'Votre mot de passe Signet a été modifié',
      greeting: 'Bonjour {firstName},',
      paragraphs: [
        'Le mot de passe de votre compte Signet vient d’être modifié et toutes les autres sessions ont été fermées. Si ce n’était pas vous, réinitialisez-le immédiatement.',
      ],
      footer: footer['fr-ch'],
    },
    it: {
      subject: 'La vostra password di Signet è stata modificata',
      greeting: 'Buongiorno {firstName},',
      paragraphs: [
        'La password del vostro conto Signet è appena stata modificata e tutte le altre sessioni sono state chiuse. Se non siete stati voi, reimpostatela subito.',
      ],
      footer: footer.it,
    },
  },
  accountDeleted: {
    'en-gb': {
      subject: 'Your Signet account was deleted',
      greeting: 'Hello {firstName},',
      paragraphs: [
        'Your Signet account and its personal data were deleted as you asked. Thank you for using Signet.',
      ],
      footer: footer['en-gb'],
    },
    'de-ch': {
      subject: 'Ihr Signet-Konto wurde gelöscht',
      greeting: 'Guten Tag {firstName}',
      paragraphs: [
        'Ihr Signet-Konto und Ihre persönlichen Daten wurden wie gewünscht gelöscht. Danke, dass Sie Signet genutzt haben.',
      ],
      footer: footer['de-ch'],
    },
    'fr-ch': {
      subject: 'Votre compte Signet a été supprimé',
      greeting: 'Bonjour {firstName},',
      paragraphs: [
        'Votre compte Signet et vos données personnelles ont été supprimés comme demandé. Merci d’avoir utilisé Signet.',
      ],
      footer: footer['fr-ch'],
    },
    it: {
      subject: 'Il vostro conto Signet è stato eliminato',
      greeting: 'Buongiorno {firstName},',
      paragraphs: [
        'Il vostro conto Signet e i vostri dati personali sono stati eliminati come richiesto. Grazie di aver usato Signet.',
      ],
      footer: footer.it,
    },
  },
} satisfies Templates;

export type TemplateName = keyof typeof templates;
