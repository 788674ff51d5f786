import { Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import LoginPage from '../features/auth/routes/LoginPage';
import { ErrorBoundary } from './ErrorBoundary';
import { HomeIdRedirect } from './HomeIdRedirect';
import { lazyScreen, type LazyScreen, type RouteHandle } from './lazy-screen';
import { RequireAuth } from './RequireAuth';

// Screens load on demand so the first download stays small, except sign-in, where every session starts: on
// demand it would cost a second round of downloads, and the signed-in shell needs the rest of its code anyway.
const AppLayout = lazyScreen(() => import('./shell/AppLayout'));
const HomePage = lazyScreen(() => import('./pages/HomePage'));
const NotFoundPage = lazyScreen(() => import('./pages/NotFoundPage'));
const DashboardPage = lazyScreen(() => import('../features/reports/routes/DashboardPage'));
const ReportsPage = lazyScreen(() => import('../features/reports/routes/ReportsPage'));
const BriefPage = lazyScreen(() => import('../features/reports/routes/BriefPage'));
const RmDashboardPage = lazyScreen(() => import('../features/callcentre/routes/RmDashboardPage'));
const TrmDashboardPage = lazyScreen(() => import('../features/callcentre/routes/TrmDashboardPage'));
const BookAppointmentPage = lazyScreen(() => import('../features/callcentre/routes/BookAppointmentPage'));
const MyAppointmentsPage = lazyScreen(() => import('../features/callcentre/routes/MyAppointmentsPage'));
const LifeRenewalsPage = lazyScreen(() => import('../features/renewals/routes/LifeRenewalsPage'));
const MappedPartnersPage = lazyScreen(() => import('../features/partners/routes/MappedPartnersPage'));
const ManageTeamPage = lazyScreen(() => import('../features/team/routes/ManageTeamPage'));
const ReporteeListPage = lazyScreen(() => import('../features/team/routes/ReporteeListPage'));
const RequesterViewPage = lazyScreen(() => import('../features/mapping/routes/RequesterViewPage'));
const AnalyticsPage = lazyScreen(() => import('../features/analytics/routes/AnalyticsPage'));
const MySessionsPage = lazyScreen(() => import('../features/sessions/routes/MySessionsPage'));
const MyViewsPage = lazyScreen(() => import('../features/views/routes/MyViewsPage'));
const OpenViewPage = lazyScreen(() => import('../features/views/routes/OpenViewPage'));
const MySubscriptionsPage = lazyScreen(() => import('../features/subscriptions/routes/MySubscriptionsPage'));
const AdminGate = lazyScreen(() => import('../features/admin/routes/AdminGate'));
const PeoplePage = lazyScreen(() => import('../features/admin/routes/PeoplePage'));
const PersonPage = lazyScreen(() => import('../features/admin/routes/PersonPage'));
const UsersPage = lazyScreen(() => import('../features/admin/routes/UsersPage'));
const HierarchyPage = lazyScreen(() => import('../features/admin/routes/HierarchyPage'));
const AuditPage = lazyScreen(() => import('../features/admin/routes/AuditPage'));
const ImportsPage = lazyScreen(() => import('../features/admin/routes/ImportsPage'));
// The ends of the company sign-in and of a password link: pages of their own, outside the shell.
const OidcCompletePage = lazyScreen(() => import('../features/auth/routes/OidcCompletePage'));
const SignInRefusedPage = lazyScreen(() => import('../features/auth/routes/SignInRefusedPage'));
const ResetPasswordPage = lazyScreen(() => import('../features/auth/routes/ResetPasswordPage'));

/** A page outside the signed-in shell. */
const standalone = (path: string, Screen: LazyScreen): RouteObject => ({
  path,
  element: (
    <ErrorBoundary>
      <Suspense fallback={null}>
        <Screen />
      </Suspense>
    </ErrorBoundary>
  ),
  handle: { preload: Screen.preload } satisfies RouteHandle,
});

/** A route showing a lazily loaded screen; main.tsx preloads it when the app opens at its address. */
const screen = (path: string | undefined, Screen: LazyScreen): RouteObject => ({
  ...(path === undefined ? { index: true } : { path }),
  element: <Screen />,
  handle: { preload: Screen.preload } satisfies RouteHandle,
});

/**
 * The route table (docs/product/shell.md, 'Routes'), the one place screens are attached: a new screen is a lazy
 * child of the shell route, e.g. `screen('reports/:id', lazyScreen(() => import('…/ReportPage')))`. Unknown
 * paths fall through to the not-found page, deliberately: a placeholder would look like a working screen.
 */
export const routes: RouteObject[] = [
  {
    path: '/login',
    element: (
      <ErrorBoundary>
        <Suspense fallback={null}>
          <LoginPage />
        </Suspense>
      </ErrorBoundary>
    ),
  },
  standalone('/login/oidc', OidcCompletePage),
  standalone('/login/refused', SignInRefusedPage),
  standalone('/reset-password', ResetPasswordPage),
  {
    path: '/',
    element: (
      <ErrorBoundary>
        <RequireAuth>
          <Suspense fallback={null}>
            <AppLayout />
          </Suspense>
        </RequireAuth>
      </ErrorBoundary>
    ),
    handle: { preload: AppLayout.preload } satisfies RouteHandle,
    children: [
      screen(undefined, HomePage),
      { path: 'home/:id', element: <HomeIdRedirect /> },
      // ← feature routes go here (see the list above).
      screen('brief', BriefPage),
      screen('dashboard', DashboardPage),
      screen('dashboard/:id', DashboardPage),
      screen('dashboard/:id/:accountId', DashboardPage),
      screen('reports/:id', ReportsPage),
      screen('reports/:id/:accountId', ReportsPage),
      screen('rm-dashboard', RmDashboardPage),
      screen('trm-dashboard', TrmDashboardPage),
      screen('book-appointment', BookAppointmentPage),
      screen('my-appointments', MyAppointmentsPage),
      screen('liferenewalsreport', LifeRenewalsPage),
      screen('mappedpartners', MappedPartnersPage),
      screen('manageteam', ManageTeamPage),
      screen('reporteelist', ReporteeListPage),
      screen('requesterview', RequesterViewPage),
      screen('analytics', AnalyticsPage),
      screen('sessions', MySessionsPage),
      screen('views', MyViewsPage),
      screen('views/:id', OpenViewPage),
      screen('subscriptions', MySubscriptionsPage),
      // Every administration address passes the gate first: a non-administrator gets its refusal, not the screen.
      {
        path: 'admin',
        element: <AdminGate />,
        handle: { preload: AdminGate.preload } satisfies RouteHandle,
        children: [
          { index: true, element: <Navigate to="/admin/people" replace /> },
          screen('people', PeoplePage),
          screen('people/:code', PersonPage),
          screen('users', UsersPage),
          screen('hierarchy', HierarchyPage),
          screen('imports', ImportsPage),
          screen('audit', AuditPage),
        ],
      },
      screen('*', NotFoundPage),
    ],
  },
];
