import { z } from 'zod';

// The business signup asks in two pages before anything is sent: the business first, then the
// person. The first page's answers wait in this tab's session storage (not in the address, where
// they would reach server logs on a reload), and the referral code of the link (spec §2 `ucc`)
// in local storage, as the spec says, until the signup is sent.

const draftKey = 'signet.business-signup';
const uccKey = 'signet.ucc';

const BusinessSignupDraft = z.object({
  email: z.string(),
  name: z.string(),
  phone: z.string(),
});
export type BusinessSignupDraft = z.infer<typeof BusinessSignupDraft>;

export function saveBusinessSignupDraft(draft: BusinessSignupDraft): void {
  sessionStorage.setItem(draftKey, JSON.stringify(draft));
}

/** The first page's answers, or null when this tab has none (or they do not parse). */
export function businessSignupDraft(): BusinessSignupDraft | null {
  try {
    const parsed = BusinessSignupDraft.safeParse(JSON.parse(sessionStorage.getItem(draftKey) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function rememberUcc(ucc: string): void {
  localStorage.setItem(uccKey, ucc);
}

export function rememberedUcc(): string | undefined {
  return localStorage.getItem(uccKey) ?? undefined;
}

/** Once the signup is sent, the draft and the referral code have done their work. */
export function clearBusinessSignupDraft(): void {
  sessionStorage.removeItem(draftKey);
  localStorage.removeItem(uccKey);
}
