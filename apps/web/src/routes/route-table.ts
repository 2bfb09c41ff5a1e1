/**
 * Every screen of spec §2 with who may open it and its layout. The router is built from this
 * table, the guards read it, and the E2E route walk iterates over it.
 */
type Role = 'public' | 'unauthenticated' | 'user' | 'member' | 'admin' | 'nas';
export type Layout = 'simple' | 'unauthenticated' | 'main' | 'admin';

export interface RouteSpec {
  /** The path pattern; `$name` is a path parameter. */
  path: string;
  /** Who may open it; 'public' is open to all. Admin has member and user rights; member has user rights. */
  role: Role;
  /** Spec §6 strict: the role must match exactly (a member is not a 'user' here). */
  strict?: boolean;
  layout: Layout;
  /** Key of the page component (routes/pages.ts) and of its search validator (routes/search-schemas.ts). */
  page: string;
  /** Translation key of the page title; without it the title comes from the path. */
  title?: string;
  /** Direct-sign pages authenticated by ids in the path rather than stored credentials. */
  nasFromParams?: boolean;
  /** Redirect target instead of a page (one of this table's paths: routes/links.types.test.tsx checks it). */
  redirectTo?: { to: string; search?: Record<string, string> };
}

/**
 * Entries of one kind: who may open them in which layout. The entries keep each path, page and
 * layout as its literal type, for the router's types: a link to a path this table does not have
 * fails type-checking.
 */
function entriesOf<const R extends Role, const L extends Layout>(role: R, layout: L) {
  return <const P extends string, const K extends string>(path: P, page: K) =>
    ({ path, role, layout, page, title: `titles.${page}` }) as const;
}
const unauth = entriesOf('unauthenticated', 'unauthenticated');
const user = entriesOf('user', 'main');
const admin = entriesOf('admin', 'admin');
const open = entriesOf('public', 'simple');
const nas = <const P extends string, const K extends string>(path: P, page: K, nasFromParams = false) =>
  ({ ...entriesOf('nas', 'simple')(path, page), nasFromParams }) as const;

const pages = [
  // General
  { path: '/', role: 'user', layout: 'main', page: 'dashboard', redirectTo: { to: '/dashboard' } },
  user('/dashboard', 'dashboard'),
  unauth('/login', 'login'),
  unauth('/signup', 'signup'),
  unauth('/signup/steps', 'signup-steps'),
  unauth('/signup/confirm', 'signup-confirm'),
  unauth('/signup/mail-sent', 'signup-mail-sent'),
  unauth('/signup/flows/eidplus/new', 'eidplus-new'),
  unauth('/signup/flows/eidplus/confirm', 'eidplus-confirm'),
  unauth('/sso/error', 'sso-error'),
  unauth('/sso/error/company', 'sso-error-company'),
  unauth('/password-reset', 'password-reset'),
  unauth('/password-reset/new', 'password-reset-new'),
  unauth('/password-reset/confirm', 'password-reset-confirm'),
  unauth('/password-reset/mail-sent', 'password-reset-mail-sent'),
  { ...user('/signup/sso', 'signup-sso'), layout: 'simple' },
  open('/bye', 'bye'),
  open('/expired', 'expired'),
  open('/cookiesblocked', 'cookiesblocked'),
  { ...user('/welcome', 'welcome'), layout: 'simple' },
  open('/sorry', 'sorry'),
  // Anyone checks a signed PDF here; a signature's QR code leads here with the version's hash.
  open('/validate', 'validate'),
  open('/maintenance', 'maintenance'),
  { ...user('/logout', 'logout'), layout: 'simple' },
  user('/upload', 'upload'),
  user('/upgrade', 'upgrade'),
  user('/not-available', 'not-available'),
  user('/sendto/$id', 'sendto'),
  user('/view/$srid', 'view'),
  // Opened from the invitation mail, signed in or not: the page itself asks to log in or sign up.
  open('/invite/$id', 'invite'),
  user('/billing', 'billing'),
  // Profile
  user('/profile', 'profile'),
  user('/profile/confirm', 'profile-confirm'),
  user('/profile/settings', 'profile-settings'),
  user('/profile/change-password', 'change-password'),
  user('/profile/visual-signature', 'visual-signature'),
  user('/profile/signature-standards', 'signature-standards'),
  user('/profile/signature-standards/update', 'standards-update'),
  user('/profile/signature-standards/mobile-id', 'standards-mobile-id'),
  user('/profile/signature-standards/eidas', 'standards-eidas'),
  user('/profile/signature-standards/eidas/self', 'standards-eidas-self'),
  user('/profile/signature-standards/eidas/video', 'standards-eidas-video'),
  user('/profile/signature-standards/legislation', 'standards-legislation'),
  user('/profile/signature-standards/zertes', 'standards-zertes'),
  user('/profile/signature-standards/zertes/auto', 'standards-zertes-auto'),
  user('/profile/signature-standards/zertes/video', 'standards-zertes-video'),
  user('/profile/signature-standards/zertes/personal-details', 'standards-zertes-personal-details'),
  user('/profile/signature-standards/id-austria-success', 'standards-id-austria-success'),
  // Business
  unauth('/business/signup', 'business-signup'),
  unauth('/business/signup/steps', 'business-signup-steps'),
  // Where the mailed link lands (a Signet addition: the spec's flow ends at mail-sent).
  unauth('/business/signup/confirm', 'business-signup-confirm'),
  unauth('/business/signup/mail-sent', 'business-signup-mail-sent'),
  { ...user('/business/register', 'business-register'), strict: true },
  { ...user('/business/upgrade', 'business-upgrade'), strict: true },
  { ...user('/business/welcome', 'business-welcome'), role: 'admin' },
  { ...admin('/business', 'business-dashboard'), redirectTo: { to: '/business/dashboard' } },
  admin('/business/dashboard', 'business-dashboard'),
  admin('/business/activity', 'business-activity'),
  {
    ...admin('/business/members/activity', 'business-activity'),
    redirectTo: { to: '/business/activity', search: { tab: 'signatures' } },
  },
  admin('/business/settings', 'business-settings'),
  admin('/business/seals', 'business-seals'),
  admin('/business/seals/$accountname', 'business-seal'),
  admin('/business/extras', 'business-extras'),
  admin('/business/billing', 'business-billing'),
  admin('/business/billing/plan', 'business-billing-plan'),
  admin('/business/billing/payment', 'business-billing-payment'),
  admin('/business/billing/invoices', 'business-billing-invoices'),
  admin('/business/members', 'business-members'),
  admin('/business/members/domains', 'business-domains'),
  admin('/business/profile', 'business-profile'),
  admin('/business/profile/aes-for-business', 'business-aes'),
  admin('/business/developers/api', 'business-api'),
  // Direct sign
  nas('/view/$id/$userid', 'direct-view', true),
  nas('/direct-sign/identification/eidas', 'direct-eidas'),
  nas('/direct-sign/identification/eidas/self', 'direct-eidas-self'),
  nas('/direct-sign/identification/eidas/video', 'direct-eidas-video'),
  nas('/direct-sign/identification/zertes', 'direct-zertes'),
  nas('/direct-sign/identification/zertes/auto', 'direct-zertes-auto'),
  nas('/direct-sign/identification/zertes/video', 'direct-zertes-video'),
  nas('/direct-sign/identification/zertes/personal-details', 'direct-zertes-personal-details'),
  nas('/direct-sign/identification/id-austria-success', 'direct-id-austria-success'),
  nas('/direct-sign/identification/$id/$userid', 'direct-identification', true),
  nas('/direct-sign/identification/$id/$userid/preview', 'direct-identification-preview', true),
] as const satisfies readonly RouteSpec[];

/** One entry of the table with its literal path, page and layout (for the router's types). */
export type RouteTableEntry = (typeof pages)[number];

export const routeTable: readonly RouteSpec[] = pages;
