import type { Language } from '@signet/contracts/common';
import { businessSignupTemplates } from './business-signup-templates.ts';
import { businessTemplates } from './business-templates.ts';
import { footer } from './footer.ts';
import type { MailTemplates } from './mail-template.ts';

/** Visitors only (the paragraph is left out without its link): sign with an account instead. */
const sendTo: Record<Language, string> = {
  'en-gb': 'Do you have a Signet account? Sign with it instead: {sendToUrl}',
  'de-ch': 'Haben Sie ein Signet-Konto? Dann unterschreiben Sie damit: {sendToUrl}',
  'fr-ch': 'Vous avez un compte Signet ? Signez plutôt avec celui-ci : {sendToUrl}',
  it: 'Avete un conto Signet? Firmate invece con quello: {sendToUrl}',
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
  invitation: {
    'en-gb': {
      subject: '{ownerName} asks you to sign "{title}"',
      greeting: 'Hello {signerName},',
      paragraphs: ['{ownerName} asks you to sign "{title}" with Signet.', '{message}', sendTo['en-gb']],
      action: 'Open and sign',
      footer: footer['en-gb'],
    },
    'de-ch': {
      subject: '{ownerName} bittet Sie, «{title}» zu unterschreiben',
      greeting: 'Guten Tag {signerName}',
      paragraphs: [
        '{ownerName} bittet Sie, «{title}» mit Signet zu unterschreiben.',
        '{message}',
        sendTo['de-ch'],
      ],
      action: 'Öffnen und unterschreiben',
      footer: footer['de-ch'],
    },
    'fr-ch': {
      subject: '{ownerName} vous demande de signer « {title} »',
      greeting: 'Bonjour {signerName},',
      paragraphs: [
        '{ownerName} vous demande de signer « {title} » avec Signet.',
        '{message}',
        sendTo['fr-ch'],
      ],
      action: 'Ouvrir et signer',
      footer: footer['fr-ch'],
    },
    it: {
      subject: '{ownerName} vi chiede di firmare «{title}»',
      greeting: 'Buongiorno {signerName},',
      paragraphs: ['{ownerName} vi chiede di firmare «{title}» con Signet.', '{message}', sendTo.it],
      action: 'Aprire e firmare',
      footer: footer.it,
    },
  },
  reminder: {
    'en-gb': {
      subject: 'Reminder: please sign "{title}"',
      greeting: 'Hello {signerName},',
      paragraphs: ['{ownerName} is still waiting for your signature on "{title}".', sendTo['en-gb']],
      action: 'Open and sign',
      footer: footer['en-gb'],
    },
    'de-ch': {
      subject: 'Erinnerung: Bitte unterschreiben Sie «{title}»',
      greeting: 'Guten Tag {signerName}',
      paragraphs: ['{ownerName} wartet noch auf Ihre Unterschrift für «{title}».', sendTo['de-ch']],
      action: 'Öffnen und unterschreiben',
      footer: footer['de-ch'],
    },
    'fr-ch': {
      subject: 'Rappel : veuillez signer « {title} »',
      greeting: 'Bonjour {signerName},',
      paragraphs: ['{ownerName} attend toujours votre signature pour « {title} ».', sendTo['fr-ch']],
      action: 'Ouvrir et signer',
      footer: footer['fr-ch'],
    },
    it: {
      subject: 'Promemoria: firmate «{title}»',
      greeting: 'Buongiorno {signerName},',
      paragraphs: ['{ownerName} attende ancora la vostra firma per «{title}».', sendTo.it],
      action: 'Aprire e firmare',
      footer: footer.it,
    },
  },
  signedNotice: {
    'en-gb': {
      subject: '{signerName} signed "{title}"',
      greeting: 'Hello {ownerName},',
      paragraphs: ['{signerName} signed "{title}". {signedCount} of {signerCount} signatures are done.'],
      action: 'Open the request',
      footer: footer['en-gb'],
    },
    'de-ch': {
      subject: '{signerName} hat «{title}» unterschrieben',
      greeting: 'Guten Tag {ownerName}',
      paragraphs: [
        '{signerName} hat «{title}» unterschrieben. {signedCount} von {signerCount} Unterschriften sind erfolgt.',
      ],
      action: 'Anfrage öffnen',
      footer: footer['de-ch'],
    },
    'fr-ch': {
      subject: '{signerName} a signé « {title} »',
      greeting: 'Bonjour {ownerName},',
      paragraphs: [
        '{signerName} a signé « {title} ». {signedCount} signatures sur {signerCount} sont faites.',
      ],
      action: 'Ouvrir la demande',
      footer: footer['fr-ch'],
    },
    it: {
      subject: '{signerName} ha firmato «{title}»',
      greeting: 'Buongiorno {ownerName},',
      paragraphs: ['{signerName} ha firmato «{title}». {signedCount} firme su {signerCount} sono fatte.'],
      action: 'Aprire la richiesta',
      footer: footer.it,
    },
  },
  completed: {
    'en-gb': {
      subject: '"{title}" is signed by everyone',
      greeting: 'Hello,',
      paragraphs: [
        'Every signer has signed "{title}". You can download the signed document and the signature report.',
      ],
      action: 'Download the signed document',
      footer: footer['en-gb'],
    },
    'de-ch': {
      subject: '«{title}» ist von allen unterschrieben',
      greeting: 'Guten Tag',
      paragraphs: [
        'Alle haben «{title}» unterschrieben. Sie können das unterschriebene Dokument und den Signaturbericht herunterladen.',
      ],
      action: 'Unterschriebenes Dokument herunterladen',
      footer: footer['de-ch'],
    },
    'fr-ch': {
      subject: '« {title} » est signé par tout le monde',
      greeting: 'Bonjour,',
      paragraphs: [
        'Tous les signataires ont signé « {title} ». Vous pouvez télécharger le document signé et le rapport de signature.',
      ],
      action: 'Télécharger le document signé',
      footer: footer['fr-ch'],
    },
    it: {
      subject: '«{title}» è firmato da tutti',
      greeting: 'Buongiorno,',
      paragraphs: [
        'Tutti i firmatari hanno firmato «{title}». Potete scaricare il documento firmato e il rapporto di firma.',
      ],
      action: 'Scaricare il documento firmato',
      footer: footer.it,
    },
  },
  declinedNotice: {
    'en-gb': {
      subject: '{signerName} declined to sign "{title}"',
      greeting: 'Hello,',
      paragraphs: ['{signerName} declined to sign "{title}". The request is closed.', '{message}'],
      footer: footer['en-gb'],
    },
    'de-ch': {
      subject: '{signerName} hat die Unterschrift für «{title}» abgelehnt',
      greeting: 'Guten Tag',
      paragraphs: [
        '{signerName} hat es abgelehnt, «{title}» zu unterschreiben. Die Anfrage ist geschlossen.',
        '{message}',
      ],
      footer: footer['de-ch'],
    },
    'fr-ch': {
      subject: '{signerName} a refusé de signer « {title} »',
      greeting: 'Bonjour,',
      paragraphs: ['{signerName} a refusé de signer « {title} ». La demande est close.', '{message}'],
      footer: footer['fr-ch'],
    },
    it: {
      subject: '{signerName} ha rifiutato di firmare «{title}»',
      greeting: 'Buongiorno,',
      paragraphs: ['{signerName} ha rifiutato di firmare «{title}». La richiesta è chiusa.', '{message}'],
      footer: footer.it,
    },
  },
  withdrawnNotice: {
    'en-gb': {
      subject: '"{title}" was withdrawn',
      greeting: 'Hello,',
      paragraphs: [
        '{ownerName} withdrew the signature request "{title}". You no longer need to sign it.',
        '{message}',
      ],
      footer: footer['en-gb'],
    },
    'de-ch': {
      subject: '«{title}» wurde zurückgezogen',
      greeting: 'Guten Tag',
      paragraphs: [
        '{ownerName} hat die Anfrage «{title}» zurückgezogen. Sie müssen nicht mehr unterschreiben.',
        '{message}',
      ],
      footer: footer['de-ch'],
    },
    'fr-ch': {
      subject: '« {title} » a été retiré',
      greeting: 'Bonjour,',
      paragraphs: [
        '{ownerName} a retiré la demande « {title} ». Vous n’avez plus besoin de signer.',
        '{message}',
      ],
      footer: footer['fr-ch'],
    },
    it: {
      subject: '«{title}» è stato ritirato',
      greeting: 'Buongiorno,',
      paragraphs: ['{ownerName} ha ritirato la richiesta «{title}». Non dovete più firmare.', '{message}'],
      footer: footer.it,
    },
  },
  signerRemovedNotice: {
    'en-gb': {
      subject: 'You no longer need to sign "{title}"',
      greeting: 'Hello,',
      paragraphs: [
        '{ownerName} removed you from the signers of "{title}". Your signing link no longer works.',
      ],
      footer: footer['en-gb'],
    },
    'de-ch': {
      subject: 'Sie müssen «{title}» nicht mehr unterschreiben',
      greeting: 'Guten Tag',
      paragraphs: [
        '{ownerName} hat Sie aus den Unterzeichnenden von «{title}» entfernt. Ihr Link zum Unterschreiben gilt nicht mehr.',
      ],
      footer: footer['de-ch'],
    },
    'fr-ch': {
      subject: 'Vous n’avez plus besoin de signer « {title} »',
      greeting: 'Bonjour,',
      paragraphs: [
        '{ownerName} vous a retiré des signataires de « {title} ». Votre lien de signature n’est plus valable.',
      ],
      footer: footer['fr-ch'],
    },
    it: {
      subject: 'Non dovete più firmare «{title}»',
      greeting: 'Buongiorno,',
      paragraphs: [
        '{ownerName} vi ha tolto dai firmatari di «{title}». Il vostro link di firma non è più valido.',
      ],
      footer: footer.it,
    },
  },
  ...businessTemplates,
  ...businessSignupTemplates,
} satisfies MailTemplates;

export type TemplateName = keyof typeof templates;
