import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';

// Every page is its own chunk so the login page loads only what it shows.
const planned = lazyRouteComponent(() => import('../components/planned-page.tsx'), 'PlannedPage');
const lazyPages = {
  login: lazyRouteComponent(() => import('../features/account/components/login-page.tsx'), 'LoginPage'),
  signup: lazyRouteComponent(() => import('../features/account/components/signup-page.tsx'), 'SignupPage'),
  signupConfirm: lazyRouteComponent(
    () => import('../features/account/components/signup-confirm-page.tsx'),
    'SignupConfirmPage',
  ),
  signupSteps: lazyRouteComponent(
    () => import('../features/account/components/signup-steps-page.tsx'),
    'SignupStepsPage',
  ),
  resetRequest: lazyRouteComponent(
    () => import('../features/account/components/password-reset-page.tsx'),
    'PasswordResetPage',
  ),
  resetNew: lazyRouteComponent(
    () => import('../features/account/components/password-reset-new-page.tsx'),
    'PasswordResetNewPage',
  ),
  profileConfirm: lazyRouteComponent(
    () => import('../features/account/components/profile-confirm-page.tsx'),
    'ProfileConfirmPage',
  ),
  changePassword: lazyRouteComponent(
    () => import('../features/account/components/change-password-page.tsx'),
    'ChangePasswordPage',
  ),
  logout: lazyRouteComponent(() => import('../features/account/components/logout-page.tsx'), 'LogoutPage'),
  message: lazyRouteComponent(() => import('../components/message-page.tsx'), 'MessagePage'),
  maintenance: lazyRouteComponent(
    () => import('../features/status/components/maintenance-page.tsx'),
    'MaintenancePage',
  ),
  dashboard: lazyRouteComponent(() => import('./dashboard-route.tsx'), 'DashboardRoute'),
  upload: lazyRouteComponent(() => import('./upload-route.tsx'), 'UploadRoute'),
  sendto: lazyRouteComponent(() => import('../features/sendto/components/sendto-page.tsx'), 'SendToPage'),
  directView: lazyRouteComponent(() => import('./direct-view-route.tsx'), 'DirectViewRoute'),
  view: lazyRouteComponent(() => import('./view-route.tsx'), 'ViewRoute'),
  invite: lazyRouteComponent(
    () => import('../features/business/components/invitation-page.tsx'),
    'InvitationPage',
  ),
};

/** Page key (route table) → component. Keys not listed get the planned-page frame. */
const pages: Record<string, RouteComponent> = {
  login: lazyPages.login,
  signup: lazyPages.signup,
  'business-signup': lazyPages.signup,
  'signup-confirm': lazyPages.signupConfirm,
  'signup-steps': lazyPages.signupSteps,
  'password-reset': lazyPages.resetRequest,
  'password-reset-new': lazyPages.resetNew,
  'change-password': lazyPages.changePassword,
  'profile-confirm': lazyPages.profileConfirm,
  logout: lazyPages.logout,
  dashboard: lazyPages.dashboard,
  upload: lazyPages.upload,
  sendto: lazyPages.sendto,
  maintenance: lazyPages.maintenance,
  'direct-view': lazyPages.directView,
  view: lazyPages.view,
  invite: lazyPages.invite,
  // Pages that are one message with an action (spec §2 simple pages and flow end points).
  'signup-mail-sent': lazyPages.message,
  'business-signup-mail-sent': lazyPages.message,
  'password-reset-mail-sent': lazyPages.message,
  'password-reset-confirm': lazyPages.message,
  'sso-error': lazyPages.message,
  'sso-error-company': lazyPages.message,
  bye: lazyPages.message,
  expired: lazyPages.message,
  cookiesblocked: lazyPages.message,
  sorry: lazyPages.message,
  welcome: lazyPages.message,
  'not-available': lazyPages.message,
};

export function pageComponent(key: string): RouteComponent {
  return pages[key] ?? planned;
}
