import { useQuery } from '@tanstack/react-query';
import { userQueryOptions } from '../features/account/api/get-user.ts';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';

/** Composes the dashboard with the signed-in user (features do not import each other). */
export function DashboardRoute() {
  const user = useQuery(userQueryOptions).data;
  return <DashboardPage user={user} />;
}
