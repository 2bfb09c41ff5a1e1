import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';

// Every page is its own chunk so the login page loads only what it shows.
const planned = lazyRouteComponent(() => import('../components/planned-page.tsx'), 'PlannedPage');
const auth = {
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
  directView: lazyRouteComponent(
    () => import('../features/direct-sign/components/direct-view-page.tsx'),
    'DirectViewPage',
  ),
};

/** Page key (route table) → component. Keys not listed get the planned-page frame. */
const pages: Record<string, RouteComponent> = {
  login: auth.login,
  signup: auth.signup,
  'business-signup': auth.signup,
  'signup-confirm': auth.signupConfirm,
  'signup-steps': auth.signupSteps,
  'password-reset': auth.resetRequest,
  'password-reset-new': auth.resetNew,
  'change-password': auth.changePassword,
  'profile-confirm': auth.profileConfirm,
  logout: auth.logout,
  dashboard: auth.dashboard,
  maintenance: auth.maintenance,
  'direct-view': auth.directView,
  // Pages that are one message with an action (spec §2 simple pages and flow end points).
  'signup-mail-sent': auth.message,
  'business-signup-mail-sent': auth.message,
  'password-reset-mail-sent': auth.message,
  'password-reset-confirm': auth.message,
  'sso-error': auth.message,
  'sso-error-company': auth.message,
  bye: auth.message,
  expired: auth.message,
  cookiesblocked: auth.message,
  sorry: auth.message,
  welcome: auth.message,
  'not-available': auth.message,
};

export function pageComponent(key: string): RouteComponent {
  return pages[key] ?? planned;
}
