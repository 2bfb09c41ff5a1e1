import { footer } from './footer.ts';
import type { MailTemplates } from './mail-template.ts';

/** The confirmation mail of a business signup, in the four languages (joined into `templates`). */
export const businessSignupTemplates = {
  businessSignupConfirmation: {
    'en-gb': {
      subject: 'Confirm your e-mail address to open {businessName} on Signet',
      greeting: 'Hello {firstName},',
      paragraphs: [
        'Please confirm your e-mail address. Your Signet account and the business {businessName}, with you as its administrator, are created when you do. The link is valid for 24 hours.',
      ],
      action: 'Confirm and open the business',
      footer: footer['en-gb'],
    },
    'de-ch': {
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse, um {businessName} auf Signet zu eröffnen',
      greeting: 'Guten Tag {firstName}',
      paragraphs: [
        'Bitte bestätigen Sie Ihre E-Mail-Adresse. Damit werden Ihr Signet-Konto und das Unternehmen {businessName} mit Ihnen als Administrator eröffnet. Der Link ist 24 Stunden gültig.',
      ],
      action: 'Bestätigen und Unternehmen eröffnen',
      footer: footer['de-ch'],
    },
    'fr-ch': {
      subject: 'Confirmez votre adresse e-mail pour ouvrir {businessName} sur Signet',
      greeting: 'Bonjour {firstName},',
      paragraphs: [
        "Veuillez confirmer votre adresse e-mail. Votre compte Signet et l'entreprise {businessName}, dont vous serez l'administrateur, sont alors créés. Le lien est valable 24 heures.",
      ],
      action: "Confirmer et ouvrir l'entreprise",
      footer: footer['fr-ch'],
    },
    it: {
      subject: 'Confermate il vostro indirizzo e-mail per aprire {businessName} su Signet',
      greeting: 'Buongiorno {firstName},',
      paragraphs: [
        "Confermate il vostro indirizzo e-mail. In quel momento vengono creati il vostro conto Signet e l'azienda {businessName}, di cui sarete amministratori. Il link è valido 24 ore.",
      ],
      action: "Confermare e aprire l'azienda",
      footer: footer.it,
    },
  },
} satisfies MailTemplates;
