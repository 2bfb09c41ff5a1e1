import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';

// Every page is its own chunk so the login page loads only what it shows.
const planned = lazyRouteComponent(() => import('../components/planned-page.tsx'), 'PlannedPage');
const signup = lazyRouteComponent(
  () => import('../features/account/components/signup-page.tsx'),
  'SignupPage',
);
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

/** Page key (route table) → component. Keys not listed get the planned-page frame. */
const pages: Record<string, RouteComponent> = {
  ...Object.fromEntries(messagePages.map((key) => [key, message])),
  login: lazyRouteComponent(() => import('../features/account/components/login-page.tsx'), 'LoginPage'),
  signup,
  'business-signup': signup,
  'signup-confirm': lazyRouteComponent(
    () => import('../features/account/components/signup-confirm-page.tsx'),
    'SignupConfirmPage',
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
  'profile-confirm': lazyRouteComponent(
    () => import('../features/account/components/profile-confirm-page.tsx'),
    'ProfileConfirmPage',
  ),
  logout: lazyRouteComponent(() => import('../features/account/components/logout-page.tsx'), 'LogoutPage'),
  dashboard: lazyRouteComponent(() => import('./dashboard-route.tsx'), 'DashboardRoute'),
  upload: lazyRouteComponent(() => import('./upload-route.tsx'), 'UploadRoute'),
  sendto: lazyRouteComponent(() => import('../features/sendto/components/sendto-page.tsx'), 'SendToPage'),
  maintenance: lazyRouteComponent(
    () => import('../features/status/components/maintenance-page.tsx'),
    'MaintenancePage',
  ),
  'direct-view': lazyRouteComponent(() => import('./direct-view-route.tsx'), 'DirectViewRoute'),
  view: lazyRouteComponent(() => import('./view-route.tsx'), 'ViewRoute'),
  invite: lazyRouteComponent(
    () => import('../features/business/components/invitation-page.tsx'),
    'InvitationPage',
  ),
};

export function pageComponent(key: string): RouteComponent {
  return pages[key] ?? planned;
}
