import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import LoginPage from '../features/auth/routes/LoginPage';
import { ErrorBoundary } from './ErrorBoundary';
import { HomeIdRedirect } from './HomeIdRedirect';
import { RequireAuth } from './RequireAuth';

// Screens load on demand so the first download stays small. Except sign-in, where every session
// starts: loaded on demand it costs a second round of downloads before anything shows (Lighthouse,
// mobile), and what it needs besides its own 3 KB (inputs, paper, schemas, mutations) the signed-in
// shell needs too.
const AppLayout = lazy(() => import('./shell/AppLayout'));
const HomePage = lazy(() => import('./pages/HomePage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
const DashboardPage = lazy(() => import('../features/reports/routes/DashboardPage'));
const ReportsPage = lazy(() => import('../features/reports/routes/ReportsPage'));
const RmDashboardPage = lazy(() => import('../features/callcentre/routes/RmDashboardPage'));
const TrmDashboardPage = lazy(() => import('../features/callcentre/routes/TrmDashboardPage'));
const BookAppointmentPage = lazy(() => import('../features/callcentre/routes/BookAppointmentPage'));
const MyAppointmentsPage = lazy(() => import('../features/callcentre/routes/MyAppointmentsPage'));
const LifeRenewalsPage = lazy(() => import('../features/renewals/routes/LifeRenewalsPage'));
const MappedPartnersPage = lazy(() => import('../features/partners/routes/MappedPartnersPage'));
const ManageTeamPage = lazy(() => import('../features/team/routes/ManageTeamPage'));
const ReporteeListPage = lazy(() => import('../features/team/routes/ReporteeListPage'));
const RequesterViewPage = lazy(() => import('../features/mapping/routes/RequesterViewPage'));
const AnalyticsPage = lazy(() => import('../features/analytics/routes/AnalyticsPage'));

/**
 * The route table (spec 000 §2, 001 §2), the one place where screens are attached.
 *
 * Screens still to be built plug in as children of the shell route below, each as a lazily loaded
 * screen from its feature's routes/ folder, e.g.
 *   const ReportPage = lazy(() => import('../features/reports/routes/ReportPage'));
 *   { path: 'reports/:id', element: <ReportPage /> }
 * Planned paths, relative to '/':
 *   dashboard, dashboard/:id, dashboard/:id/:accountId      Dashboard (reports 13 and 11)
 *   reports/:id, reports/:id/:accountId                     Report view / drill-down
 *   manageteam, reporteelist, requesterview                 Team management
 *   mappedpartners, liferenewalsreport, analytics           Partner lists and mapping analytics
 *   rm-dashboard, trm-dashboard                             Call centre (spec 001)
 * Until a screen exists its path falls through to the 404 page ('*'), deliberately: a placeholder
 * would look like a working screen.
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
    children: [
      { index: true, element: <HomePage /> },
      { path: 'home/:id', element: <HomeIdRedirect /> },
      // ← feature routes go here (see the list above).
      { path: 'dashboard', element: <DashboardPage /> },
      { path: 'dashboard/:id', element: <DashboardPage /> },
      { path: 'dashboard/:id/:accountId', element: <DashboardPage /> },
      { path: 'reports/:id', element: <ReportsPage /> },
      { path: 'reports/:id/:accountId', element: <ReportsPage /> },
      { path: 'rm-dashboard', element: <RmDashboardPage /> },
      { path: 'trm-dashboard', element: <TrmDashboardPage /> },
      { path: 'book-appointment', element: <BookAppointmentPage /> },
      { path: 'my-appointments', element: <MyAppointmentsPage /> },
      { path: 'liferenewalsreport', element: <LifeRenewalsPage /> },
      { path: 'mappedpartners', element: <MappedPartnersPage /> },
      { path: 'manageteam', element: <ManageTeamPage /> },
      { path: 'reporteelist', element: <ReporteeListPage /> },
      { path: 'requesterview', element: <RequesterViewPage /> },
      { path: 'analytics', element: <AnalyticsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
