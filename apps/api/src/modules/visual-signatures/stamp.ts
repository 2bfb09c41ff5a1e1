import type { VisualSignatureData } from '@signet/pdf';
import type { Quality, VisualSignaturePermissions } from '@signet/contracts/accounts';
import type { Legislation } from '@signet/contracts/common';
import type { Language } from '@signet/contracts/common';
import type { SignatureProvider, VisualSignatureLanguage } from '@signet/contracts/visual-signatures';
import {
  claims,
  formatSigningTime,
  legislationLabels,
  providerLabels,
  qualityLabels,
  sealLabels,
} from './stamp-labels.ts';

// What a stamp shows, from how the person wants it to look and what the signature is. Signing and
// the preview both build their VisualSignatureData here and draw it with the engine's one
// renderer (buildSignatureAppearance), so a preview shows what the PDF will show.

/** How a person's stamp looks: their choices (a saved visual signature, or the built-in one). */
export interface StampLook {
  name: string;
  optionalLine: string | null;
  location: string | null;
  language: VisualSignatureLanguage;
  /** The re-encoded custom image (PNG). */
  image?: Uint8Array;
  displayClaim: boolean;
  displayStandards: boolean;
  displayQr: boolean;
  displayDate: boolean;
}

/**
 * Where a signature's QR code leads: the public validation page, told the SHA-256 of the version
 * the signature was added to. A hash names the document without giving it away (identifiers are
 * not credentials): the visitor drops the file they hold, and the page says whether it is that one.
 */
export function validationLink(publicUrl: string, signedVersionSha256: string): string {
  return `${publicUrl}/validate?document=${signedVersionSha256}`;
}

/** What the signature is: drawn as it is, never as the person would like it to be. */
export interface StampFacts {
  quality: Quality;
  legislation: Legislation;
  provider: SignatureProvider;
  /** Signed with a business seal: the quality line names the seal. */
  seal?: boolean;
  time: Date;
  /** Where the QR code points (validationLink: the public validation page for the document). */
  qrUrl: string;
  part11?: { signingName: string; reason: string };
}

/** The product language of a stamp language (labels and date formats are kept per product language). */
const productLanguage: Record<VisualSignatureLanguage, Language> = {
  en: 'en-gb',
  de: 'de-ch',
  fr: 'fr-ch',
  it: 'it',
};

/** The stamp language of a product language (en-gb → en). */
export const stampLanguageOf = (lang: Language) => lang.slice(0, 2) as VisualSignatureLanguage;

/**
 * The switches a person may not change take the business's value (spec §5: only where canUpdate
 * is true). Applied when drawing, so a business's later change reaches signatures saved before it.
 */
export function withPermissions<T extends StampLook>(look: T, permissions: VisualSignaturePermissions): T {
  const fixed = (permission: { canUpdate: boolean; defaultValue: boolean }, chosen: boolean) =>
    permission.canUpdate ? chosen : permission.defaultValue;
  return {
    ...look,
    displayClaim: fixed(permissions.claim, look.displayClaim),
    displayDate: fixed(permissions.date, look.displayDate),
    displayStandards: fixed(permissions.std, look.displayStandards),
  };
}

export function stampData(look: StampLook, facts: StampFacts): VisualSignatureData {
  const lang = productLanguage[look.language];
  const part11 = facts.quality === 'part11' ? facts.part11 : undefined;
  const time = formatSigningTime(facts.time, lang);
  return {
    name: part11 ? part11.signingName : look.name,
    ...(look.optionalLine ? { optionalLine: look.optionalLine } : {}),
    ...(look.location ? { location: look.location } : {}),
    ...(look.displayDate ? { date: time } : {}),
    ...(look.displayStandards
      ? {
          qualityLabel: facts.seal ? sealLabels[lang] : qualityLabels[lang][facts.quality],
          legislationLabel: legislationLabels[facts.legislation],
          providerLabel: providerLabels[facts.provider],
        }
      : {}),
    ...(look.displayClaim ? { claim: claims[lang] } : {}),
    ...(look.displayQr ? { qrUrl: facts.qrUrl } : {}),
    ...(look.image ? { image: look.image } : {}),
    ...(part11 ? { part11: { ...part11, time } } : {}),
  };
}
