import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';

// Every page is its own chunk so the login page loads only what it shows.
const planned = lazyRouteComponent(() => import('../components/planned-page.tsx'), 'PlannedPage');
// Pages that are one message with an action (spec §2 simple pages and flow end points).
const message = lazyRouteComponent(() => import('../components/message-page.tsx'), 'MessagePage');
const messagePages = [
  'signup-mail-sent',
  'business-signup-mail-sent',
  'password-reset-mail-sent',
  'password-reset-confirm',
  'sso-error',
  'sso-error-company',
  'bye',
  'expired',
  'cookiesblocked',
  'sorry',
  'welcome',
  'not-available',
];

// The signature-standards pages (profile and direct-sign) share one chunk.
const identificationKeys = [
  'signature-standards',
  'standards-update',
  'standards-legislation',
  'standards-eidas',
  'standards-eidas-self',
  'standards-eidas-video',
  'standards-zertes',
  'standards-zertes-auto',
  'standards-zertes-video',
  'standards-zertes-personal-details',
  'direct-eidas',
  'direct-eidas-self',
  'direct-eidas-video',
  'direct-zertes',
  'direct-zertes-auto',
  'direct-zertes-video',
  'direct-zertes-personal-details',
  'direct-identification',
  'direct-identification-preview',
] as const;
const identification = (key: (typeof identificationKeys)[number]) =>
  lazyRouteComponent(() =>
    import('./identification-routes.tsx').then((m) => ({ default: m.identificationPages[key] })),
  );

/** Page key (route table) → component. Keys not listed get the planned-page frame. */
const pages: Record<string, RouteComponent> = {
  ...Object.fromEntries(messagePages.map((key) => [key, message])),
  ...Object.fromEntries(identificationKeys.map((key) => [key, identification(key)])),
  login: lazyRouteComponent(() => import('../features/account/components/login-page.tsx'), 'LoginPage'),
  'signup-sso': lazyRouteComponent(
    () => import('../features/account/components/signup-sso-page.tsx'),
    'SignupSsoPage',
  ),
  signup: lazyRouteComponent(() => import('../features/account/components/signup-page.tsx'), 'SignupPage'),
  'business-signup': lazyRouteComponent(
    () => import('../features/account/components/business-signup-page.tsx'),
    'BusinessSignupPage',
  ),
  'business-signup-steps': lazyRouteComponent(
    () => import('../features/account/components/business-signup-steps-page.tsx'),
    'BusinessSignupStepsPage',
  ),
  'business-signup-confirm': lazyRouteComponent(
    () => import('../features/account/components/business-signup-confirm-page.tsx'),
    'BusinessSignupConfirmPage',
  ),
  'business-register': lazyRouteComponent(
    () => import('../features/business/components/register-page.tsx'),
    'RegisterPage',
  ),
  'business-upgrade': lazyRouteComponent(
    () => import('../features/business/components/upgrade-page.tsx'),
    'UpgradePage',
  ),
  upgrade: lazyRouteComponent(
    () => import('../features/billing/components/plan-chooser-page.tsx'),
    'PlanChooserPage',
  ),
  billing: lazyRouteComponent(
    () => import('../features/billing/components/member-billing-page.tsx'),
    'MemberBillingPage',
  ),
  'business-billing': lazyRouteComponent(
    () => import('../features/billing/components/business-billing-page.tsx'),
    'BusinessBillingPage',
  ),
  'business-billing-plan': lazyRouteComponent(
    () => import('../features/billing/components/plan-page.tsx'),
    'BillingPlanPage',
  ),
  'business-billing-payment': lazyRouteComponent(
    () => import('../features/billing/components/payment-page.tsx'),
    'BillingPaymentPage',
  ),
  'business-billing-invoices': lazyRouteComponent(
    () => import('../features/billing/components/invoices-page.tsx'),
    'BillingInvoicesPage',
  ),
  'business-welcome': lazyRouteComponent(
    () => import('../features/business/components/welcome-page.tsx'),
    'WelcomePage',
  ),
  'signup-confirm': lazyRouteComponent(
    () => import('../features/account/components/signup-confirm-page.tsx'),
    'SignupConfirmPage',
  ),
  'eidplus-new': lazyRouteComponent(
    () => import('../features/account/components/eid-signup-new-page.tsx'),
    'EidSignupNewPage',
  ),
  'eidplus-confirm': lazyRouteComponent(
    () => import('../features/account/components/eid-signup-confirm-page.tsx'),
    'EidSignupConfirmPage',
  ),
  'standards-mobile-id': lazyRouteComponent(
    () => import('../features/mobile-id/components/mobile-id-page.tsx'),
    'MobileIdPage',
  ),
  'business-members': lazyRouteComponent(
    () => import('../features/business/components/members/members-page.tsx'),
    'MembersPage',
  ),
  'business-dashboard': lazyRouteComponent(
    () => import('../features/business-activity/components/business-dashboard-page.tsx'),
    'BusinessDashboardPage',
  ),
  'business-activity': lazyRouteComponent(
    () => import('../features/business-activity/components/activity-page.tsx'),
    'ActivityPage',
  ),
  'business-settings': lazyRouteComponent(
    () => import('../features/business-settings/components/settings-page.tsx'),
    'BusinessSettingsPage',
  ),
  'business-profile': lazyRouteComponent(
    () => import('../features/business-settings/components/profile-page.tsx'),
    'BusinessProfilePage',
  ),
  'business-aes': lazyRouteComponent(
    () => import('../features/business-settings/components/aes-page.tsx'),
    'AesForBusinessPage',
  ),
  'business-extras': lazyRouteComponent(
    () => import('../features/business-settings/components/extras-page.tsx'),
    'BusinessExtrasPage',
  ),
  'business-domains': lazyRouteComponent(
    () => import('./business-domains-route.tsx'),
    'BusinessDomainsRoute',
  ),
  'business-api': lazyRouteComponent(
    () => import('../features/business-api/components/api-users-page.tsx'),
    'ApiUsersPage',
  ),
  'business-seals': lazyRouteComponent(
    () => import('../features/business-seals/components/seals-page.tsx'),
    'SealsPage',
  ),
  'business-seal': lazyRouteComponent(
    () => import('../features/business-seals/components/seal-page.tsx'),
    'SealPage',
  ),
  'standards-id-austria-success': lazyRouteComponent(
    () => import('./id-austria-success-route.tsx'),
    'UserIdAustriaSuccessRoute',
  ),
  'direct-id-austria-success': lazyRouteComponent(
    () => import('./id-austria-success-route.tsx'),
    'DirectIdAustriaSuccessRoute',
  ),
  'signup-steps': lazyRouteComponent(
    () => import('../features/account/components/signup-steps-page.tsx'),
    'SignupStepsPage',
  ),
  'password-reset': lazyRouteComponent(
    () => import('../features/account/components/password-reset-page.tsx'),
    'PasswordResetPage',
  ),
  'password-reset-new': lazyRouteComponent(
    () => import('../features/account/components/password-reset-new-page.tsx'),
    'PasswordResetNewPage',
  ),
  'change-password': lazyRouteComponent(
    () => import('../features/account/components/change-password-page.tsx'),
    'ChangePasswordPage',
  ),
  profile: lazyRouteComponent(() => import('../features/account/components/profile-page.tsx'), 'ProfilePage'),
  'profile-settings': lazyRouteComponent(
    () => import('../features/account/components/settings-page.tsx'),
    'SettingsPage',
  ),
  'profile-confirm': lazyRouteComponent(
    () => import('../features/account/components/profile-confirm-page.tsx'),
    'ProfileConfirmPage',
  ),
  logout: lazyRouteComponent(() => import('../features/account/components/logout-page.tsx'), 'LogoutPage'),
  dashboard: lazyRouteComponent(() => import('./dashboard-route.tsx'), 'DashboardRoute'),
  upload: lazyRouteComponent(() => import('./upload-route.tsx'), 'UploadRoute'),
  sendto: lazyRouteComponent(() => import('../features/sendto/components/sendto-page.tsx'), 'SendToPage'),
  validate: lazyRouteComponent(
    () => import('../features/validate/components/validate-page.tsx'),
    'ValidatePage',
  ),
  maintenance: lazyRouteComponent(
    () => import('../features/status/components/maintenance-page.tsx'),
    'MaintenancePage',
  ),
  'direct-view': lazyRouteComponent(() => import('./direct-view-route.tsx'), 'DirectViewRoute'),
  view: lazyRouteComponent(() => import('./view-route.tsx'), 'ViewRoute'),
  'visual-signature': lazyRouteComponent(
    () => import('../features/visual-signatures/components/visual-signatures-page.tsx'),
    'VisualSignaturesPage',
  ),
  invite: lazyRouteComponent(
    () => import('../features/business/components/invitation-page.tsx'),
    'InvitationPage',
  ),
};

export function pageComponent(key: string): RouteComponent {
  return pages[key] ?? planned;
}
