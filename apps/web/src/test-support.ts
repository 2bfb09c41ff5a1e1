// Helpers for the web's unit tests (jsdom).
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { User } from '@signet/contracts/accounts';
import shell from './locales/en-gb.json';

/** The English texts for a component test: the shell's, and features' under their namespaces. */
export async function initEnglishTexts(features: Record<string, object>): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: 'en-gb',
    lowerCaseLng: true,
    resources: { 'en-gb': { translation: shell, ...features } },
    react: { useSuspense: false },
  });
}

/** A JSON answer as the API client reads it (jsdom's Response is not the browser's). */
export const jsonResponse = (body: unknown, status = 200) =>
  ({
    ok: status < 300,
    status,
    statusText: '',
    headers: new Headers({ 'content-type': 'application/json' }),
    json: () => Promise.resolve(body),
    // The client reads error answers as text (a proxy's page need not be JSON).
    text: () => Promise.resolve(JSON.stringify(body)),
  }) as unknown as Response;

/** A signed-in user as GET /v1/user answers it: verified, free plan, no terms of use accepted for QES. */
export function makeUser(attributes: Partial<User['attributes']> = {}, extra: Partial<User> = {}): User {
  return {
    id: 'u1',
    username: 'u1',
    email: 'ada@example.com',
    emailVerified: true,
    firstName: 'Ada',
    lastName: 'Lovelace',
    attributes: {
      lang: 'en-gb',
      accepted_gtc: true,
      accepted_business_invite: true,
      accepted_tou_swisscom: false,
      weak_password: false,
      removed_from_business: false,
      business_deleted: false,
      free_signatures_remaining: 5,
      free_account_type: 'free_v1',
      immutable_eid_fields: [],
      signer_identity_email: null,
      mobile: null,
      p11_signing_name: null,
      p11_signing_reason: null,
      email_notification_level: 'all',
      default_legislation: 'zertes',
      default_quality: 'aes',
      visual_signature_name: null,
      referral_code: 'r',
      avatar: 'f2',
      ...attributes,
    },
    signatureQualities: {
      ses: { any: true },
      aes: { any: true },
      aesMinimal: false,
      qes: { eidas: false, zertes: false },
      seal: { aes: false, qes: false },
    },
    disabledQualities: [],
    retention: { enabled: false, days: 30 },
    hasSso: false,
    permissions: {
      visualSignatures: {
        claim: { canUpdate: true, defaultValue: true },
        date: { canUpdate: true, defaultValue: true },
        std: { canUpdate: true, defaultValue: true },
      },
    },
    createdAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}
