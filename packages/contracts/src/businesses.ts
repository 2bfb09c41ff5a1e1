import { z } from 'zod';
import { Email, Phone } from './common.ts';

/** A member's role in their business (spec §6: admin also has member rights). */
export const BusinessRole = z.enum(['admin', 'member']);
export type BusinessRole = z.infer<typeof BusinessRole>;

const Toggle = z.object({ enabled: z.boolean() });
const MailAttachment = z.object({ enabled: z.boolean(), customisable: z.boolean() });

/** Spec §3 Business settings (company branding arrives with the logo upload). */
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
});
export type BusinessSettings = z.infer<typeof BusinessSettings>;

const PartialToggle = z.strictObject({ enabled: z.boolean() });
const PartialMailAttachment = z.strictObject({ enabled: z.boolean() }).partial();

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

/** Seal data (admins): the summary and who may sign with it. */
export const Seal = SealSummary.extend({ members: z.array(BusinessMember), createdAt: z.string() });
export type Seal = z.infer<typeof Seal>;

/** POST /v1/businesses/{id}/seals — a Signet addition: the spec lists seals but shows no create call. */
export const CreateSealBody = z.strictObject({ accountName: SealAccountName, displayName: SealDisplayName });
export const UpdateSealBody = z.strictObject({ displayName: SealDisplayName });
export const SealParams = z.strictObject({ businessId: z.uuid(), name: z.string().min(1).max(63) });
export const SealMemberParams = SealParams.extend({ userId: z.uuid() });

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

/** GET /v1/businesses/{id} (spec §3 Business). Invitations, API users and domains are not built yet. */
export const Business = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  gtcAcceptedAt: z.string().nullable(),
  dpaAcceptedAt: z.string().nullable(),
  billingStatus: z.string(),
  billing: Billing,
  pricePlan: z.object({ name: z.string().nullable() }),
  planStart: z.string().nullable(),
  settings: BusinessSettings,
  admins: z.array(BusinessMember),
  members: z.array(BusinessMember),
  invitedMembers: z.array(z.object({ email: z.string() })),
  apiUsers: z.array(z.object({ username: z.string(), description: z.string() })),
  seals: z.array(SealSummary),
  domains: z.array(z.string()),
});
export type Business = z.infer<typeof Business>;

const BusinessName = z.string().trim().min(1).max(100);

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

/** POST .../members (spec: body users): people with a Signet account join at once. */
export const AddMembersBody = z.strictObject({
  users: z
    .array(z.strictObject({ email: Email, role: BusinessRole.default('member') }))
    .min(1)
    .max(100),
});
/**
 * Who was added, and who not with the reason: NO_ACCOUNT (ask them to sign up first),
 * OTHER_BUSINESS (they belong to another business), ALREADY_MEMBER.
 */
export const AddMembersResult = z.object({
  added: z.array(BusinessMember),
  notAdded: z.array(
    z.object({ email: z.string(), reason: z.enum(['NO_ACCOUNT', 'OTHER_BUSINESS', 'ALREADY_MEMBER']) }),
  ),
});
export type AddMembersResult = z.infer<typeof AddMembersResult>;

/** remove-members, change-to-admins, change-to-members; seal members (spec: body user_ids). */
export const UserIdsBody = z.strictObject({ user_ids: z.array(z.uuid()).min(1).max(100) });
