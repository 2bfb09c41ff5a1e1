import { z } from 'zod';
import { PricePlanState } from './billing.ts';
import { VisualSignaturePermissions } from './accounts.ts';
import { BusinessName, Email, Phone } from './common.ts';
import { defaultVisualSignaturePermissions } from './visual-signatures.ts';

/** A member's role in their business (spec §6: admin also has member rights). */
export const BusinessRole = z.enum(['admin', 'member']);
export type BusinessRole = z.infer<typeof BusinessRole>;

const Toggle = z.object({ enabled: z.boolean() });
const MailAttachment = z.object({ enabled: z.boolean(), customisable: z.boolean() });

/**
 * The company logo (spec §3 companyBranding.logo): a PNG Signet re-encoded, its size in pixels, and
 * where anyone may load it (mails and visitors' pages show it; the address changes with the logo).
 */
export const BusinessLogo = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export type BusinessLogo = z.infer<typeof BusinessLogo>;

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a text is a web origin as browsers write it: scheme, host and port only. */
function isEmbedOrigin(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(url.hostname));
  // A host of letters, digits, dots and hyphens (or an IPv6 literal): no wildcard, nothing that
  // could end the Content-Security-Policy directive it goes into.
  const plainHost = /^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/i.test(url.hostname);
  return secure && plainHost && url.origin === value.replace(/\/$/, '').toLowerCase();
}

/**
 * A web origin that may frame the signing page of the business's embed requests (CSP
 * frame-ancestors): https, or http on this machine (localhost) while developing; no path, no
 * wildcard. Kept as the browser writes it (lower case, without a trailing slash).
 */
export const EmbedOrigin = z
  .string()
  .trim()
  .max(200)
  .refine(
    isEmbedOrigin,
    'An origin such as https://portal.example.com: https (or http on localhost), no path',
  )
  .transform((value) => new URL(value).origin);

/** At most this many origins per business. */
export const maxEmbedOrigins = 10;

/** Spec §3 Business settings. */
export const BusinessSettings = z.object({
  /** Blank (null) when not set; spec §5: an invalid stored value is blanked when read. */
  supportContact: z.object({ email: z.string().nullable(), phone: z.string().nullable() }),
  signatureRequests: z.object({
    part11: Toggle,
    /** Automatic deletion of finished requests, `terminalState` days after they reached their end state. */
    retention: z.object({ enabled: z.boolean(), terminalState: z.number().int() }),
  }),
  mailService: z.object({
    attachments: z.object({ signedDocument: MailAttachment, signatureProtocol: MailAttachment }),
  }),
  affiliate: Toggle,
  userPilot: Toggle,
  /** Set through the logo calls (POST/DELETE .../branding/logo), not through PUT .../settings. */
  companyBranding: z.object({ logo: BusinessLogo.nullable() }),
  /** What members may change on their visual signatures (spec §3 permissions.visualSignatures). */
  visualSignatures: VisualSignaturePermissions,
  /** Origins that may frame the signing page of the business's requests made with `embed` (a Signet addition). */
  embedOrigins: z.array(z.string()),
});
export type BusinessSettings = z.infer<typeof BusinessSettings>;

/** The settings of a new business; a setting a business never changed reads as its default here. */
export const defaultBusinessSettings: BusinessSettings = {
  supportContact: { email: null, phone: null },
  signatureRequests: { part11: { enabled: false }, retention: { enabled: false, terminalState: 30 } },
  mailService: {
    attachments: {
      signedDocument: { enabled: true, customisable: true },
      signatureProtocol: { enabled: false, customisable: true },
    },
  },
  affiliate: { enabled: false },
  userPilot: { enabled: false },
  companyBranding: { logo: null },
  visualSignatures: defaultVisualSignaturePermissions,
  embedOrigins: [],
};

const PartialToggle = z.strictObject({ enabled: z.boolean() });
const PartialMailAttachment = z.strictObject({ enabled: z.boolean() }).partial();
const PartialPermission = z.strictObject({ canUpdate: z.boolean(), defaultValue: z.boolean() }).partial();

/** PUT .../settings: any part of the settings; what is left out stays as it is. */
export const UpdateBusinessSettingsBody = z.strictObject({
  supportContact: z.strictObject({ email: Email.nullable(), phone: Phone.nullable() }).partial().optional(),
  signatureRequests: z
    .strictObject({
      part11: PartialToggle,
      retention: z
        .strictObject({ enabled: z.boolean(), terminalState: z.number().int().min(1).max(3650) })
        .partial(),
    })
    .partial()
    .optional(),
  mailService: z
    .strictObject({
      attachments: z
        .strictObject({ signedDocument: PartialMailAttachment, signatureProtocol: PartialMailAttachment })
        .partial(),
    })
    .partial()
    .optional(),
  userPilot: PartialToggle.optional(),
  visualSignatures: z
    .strictObject({ claim: PartialPermission, date: PartialPermission, std: PartialPermission })
    .partial()
    .optional(),
  /** Replaces the whole list; duplicates are kept once. */
  embedOrigins: z
    .array(EmbedOrigin)
    .max(maxEmbedOrigins)
    .transform((origins) => [...new Set(origins)])
    .optional(),
});
export type UpdateBusinessSettingsBody = z.infer<typeof UpdateBusinessSettingsBody>;

/** A person in a business (admins and members alike; `id` is the account id). */
export const BusinessMember = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: BusinessRole,
  joinedAt: z.string(),
});
export type BusinessMember = z.infer<typeof BusinessMember>;

/** Seal account name: what POST /v3/sign names as sealAccountName. Lower case, unique in Signet. */
export const SealAccountName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9._-]{2,62}$/, 'Use 3 to 63 letters, digits, dots, hyphens or underscores');
const SealDisplayName = z.string().trim().min(1).max(64);

/** Spec §3: name as accountName, label as displayName, nApi (API users), nMembers. */
export const SealSummary = z.object({
  accountName: z.string(),
  displayName: z.string(),
  nApi: z.number().int(),
  nMembers: z.number().int(),
  hasImage: z.boolean(),
  /** Whether the caller may sign with this seal (admins always; members when added to it). */
  canUse: z.boolean(),
});
export type SealSummary = z.infer<typeof SealSummary>;
export const SealList = z.object({ seals: z.array(SealSummary) });

/**
 * Seal data (admins): the summary and who may sign with it: members, and the business's API users
 * (named by their service account's `userId`, as `user_ids` names them, and their username).
 */
export const Seal = SealSummary.extend({
  members: z.array(BusinessMember),
  apiUsers: z.array(z.object({ userId: z.string(), username: z.string() })),
  createdAt: z.string(),
});
export type Seal = z.infer<typeof Seal>;

/** POST /v1/businesses/{id}/seals — a Signet addition: the spec lists seals but shows no create call. */
export const CreateSealBody = z.strictObject({ accountName: SealAccountName, displayName: SealDisplayName });
export const UpdateSealBody = z.strictObject({ displayName: SealDisplayName });
export const SealParams = z.strictObject({ businessId: z.uuid(), name: z.string().min(1).max(63) });

/** Who sent an invitation; null once their account is deleted. */
const Inviter = z.object({ firstName: z.string(), lastName: z.string() }).nullable();

/**
 * An invitation into a business, as its admins see it. `id` names it for revoking; the secret link
 * that lets the person answer is only ever mailed to them. `expired`: nobody answered in time.
 */
export const BusinessInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: BusinessRole,
  status: z.enum(['pending', 'expired']),
  invitedBy: Inviter,
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type BusinessInvitation = z.infer<typeof BusinessInvitation>;
/** GET /v2/businesses/{id}/invitations: the unanswered invitations, newest first. */
export const InvitationList = z.object({ invitations: z.array(BusinessInvitation) });
export const InvitationParams = z.strictObject({ businessId: z.uuid(), invitationId: z.uuid() });

/**
 * POST .../members: every address gets an invitation (a pending one is renewed: new link, new
 * expiry), whether or not it has a Signet account or belongs to another business, so the answer
 * reveals neither. Only people already in this business are named as such.
 */
export const InviteMembersResult = z.object({
  invited: z.array(BusinessInvitation),
  alreadyMembers: z.array(z.string()),
});
export type InviteMembersResult = z.infer<typeof InviteMembersResult>;

/** The secret of an invitation link (/invite/{secret}). */
export const InvitationSecretParams = z.strictObject({
  secret: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Not an invitation link'),
});

/** GET /v1/business-invitations/{secret}: the invitation as the invited person sees it. */
export const ReceivedInvitation = z.object({
  businessName: z.string(),
  invitedBy: Inviter,
  role: BusinessRole,
  email: z.string(),
  status: z.enum(['pending', 'expired', 'accepted', 'declined']),
  expiresAt: z.string(),
  /** The caller belongs to another business; an account belongs to one business at a time. */
  inOtherBusiness: z.boolean(),
});
export type ReceivedInvitation = z.infer<typeof ReceivedInvitation>;

export const Billing = z.object({
  /** Spec §4 payment markers; a new business is TRIALING. */
  paymentMethod: z.string().nullable(),
});

/** GET /v2/businesses/user: the signed-in user's business and their role in it (404: none). */
export const UserBusiness = z.object({
  id: z.string(),
  name: z.string(),
  role: BusinessRole,
  billing: Billing,
  pricePlan: z.object({ name: z.string().nullable() }),
  settings: BusinessSettings,
  planStart: z.string().nullable(),
});
export type UserBusiness = z.infer<typeof UserBusiness>;

/** GET /v1/businesses/{id} for its admins (spec §3 Business). API users are not built yet; `domains` lists the verified ones. */
export const Business = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  gtcAcceptedAt: z.string().nullable(),
  dpaAcceptedAt: z.string().nullable(),
  billingStatus: z.string(),
  billing: Billing.extend({
    /** The payment provider's subscription status; null without a subscription. */
    stripeSubscriptionStatus: z.string().nullable(),
  }),
  pricePlan: PricePlanState,
  planStart: z.string().nullable(),
  settings: BusinessSettings,
  admins: z.array(BusinessMember),
  members: z.array(BusinessMember),
  /** Invitations nobody has answered yet (pending or expired). */
  invitedMembers: z.array(BusinessInvitation),
  apiUsers: z.array(z.object({ username: z.string(), description: z.string() })),
  seals: z.array(SealSummary),
  domains: z.array(z.string()),
});
export type Business = z.infer<typeof Business>;

/** A person as every member of the business may see them: name and role, no e-mail address. */
export const BusinessPerson = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: BusinessRole,
});

/**
 * GET /v1/businesses/{id} for a member who is not an admin: who the admins are (to ask them) and
 * the seals; no settings, billing, contact details or other people's e-mail addresses.
 */
export const BusinessForMember = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  admins: z.array(BusinessPerson),
  seals: z.array(SealSummary),
});
export type BusinessForMember = z.infer<typeof BusinessForMember>;
/** GET /v1/businesses/{id}: all of it for its admins, the member's view for the others. */
export const BusinessView = z.union([Business, BusinessForMember]);

/** POST /v2/businesses (the /business/register page): the caller creates a business and becomes its admin. */
export const CreateBusinessBody = z.strictObject({
  name: BusinessName,
  email: Email,
  phone: Phone.optional(),
  /** The business terms must be accepted. */
  gtc: z.literal(true, 'Accept the terms to create a business'),
  /** The data processing agreement, optional at registration. */
  dpa: z.boolean().optional(),
});
export const UpdateBusinessBody = z.strictObject({
  name: BusinessName.optional(),
  email: Email.optional(),
  phone: Phone.nullable().optional(),
});

export const BusinessParams = z.strictObject({ businessId: z.uuid() });

export const MemberList = z.object({ members: z.array(BusinessMember) });
export const AdminList = z.object({ admins: z.array(BusinessMember) });

/** POST .../members (spec: body users): invites people by e-mail address. */
export const AddMembersBody = z.strictObject({
  users: z
    .array(z.strictObject({ email: Email, role: BusinessRole.default('member') }))
    .min(1)
    .max(100),
});

/** remove-members, change-to-admins, change-to-members; seal members (spec: body user_ids). */
export const UserIdsBody = z.strictObject({ user_ids: z.array(z.uuid()).min(1).max(100) });
