import { footer } from './footer.ts';
import type { MailTemplates } from './mail-template.ts';

/** Mails about business membership, in the four languages (joined into `templates`). */
export const businessTemplates = {
  businessInvitation: {
    'en-gb': {
      subject: '{inviterName} invites you to join {businessName} on Signet',
      greeting: 'Hello,',
      paragraphs: [
        '{inviterName} invites you to join the business {businessName} on Signet.',
        'Open the invitation to accept or decline it. If you have no Signet account yet, create one with this e-mail address first; the invitation waits for you. It is valid for {days} days.',
      ],
      action: 'Open the invitation',
      footer: footer['en-gb'],
    },
    'de-ch': {
      subject: '{inviterName} lädt Sie ein, {businessName} auf Signet beizutreten',
      greeting: 'Guten Tag',
      paragraphs: [
        '{inviterName} lädt Sie ein, dem Unternehmen {businessName} auf Signet beizutreten.',
        'Öffnen Sie die Einladung, um sie anzunehmen oder abzulehnen. Falls Sie noch kein Signet-Konto haben, eröffnen Sie zuerst eines mit dieser E-Mail-Adresse; die Einladung wartet auf Sie. Sie ist {days} Tage gültig.',
      ],
      action: 'Einladung öffnen',
      footer: footer['de-ch'],
    },
    'fr-ch': {
      subject: '{inviterName} vous invite à rejoindre {businessName} sur Signet',
      greeting: 'Bonjour,',
      paragraphs: [
        "{inviterName} vous invite à rejoindre l'entreprise {businessName} sur Signet.",
        "Ouvrez l'invitation pour l'accepter ou la refuser. Si vous n'avez pas encore de compte Signet, créez-en d'abord un avec cette adresse e-mail ; l'invitation vous attend. Elle est valable {days} jours.",
      ],
      action: "Ouvrir l'invitation",
      footer: footer['fr-ch'],
    },
    it: {
      subject: '{inviterName} vi invita a entrare in {businessName} su Signet',
      greeting: 'Buongiorno,',
      paragraphs: [
        "{inviterName} vi invita a entrare nell'azienda {businessName} su Signet.",
        "Aprite l'invito per accettarlo o rifiutarlo. Se non avete ancora un conto Signet, createne prima uno con questo indirizzo e-mail; l'invito vi aspetta. È valido {days} giorni.",
      ],
      action: "Aprire l'invito",
      footer: footer.it,
    },
  },
} satisfies MailTemplates;
