/**
 * The route table: exactly the routes of part 1 §2. Every page loads lazily so the sign-in page stays
 * small; every route but /login and /notauthorized needs a signed-in teacher or administrator.
 */
import type { ComponentType } from 'react';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { Redirect, Route, Switch } from 'wouter';
import { loader, useLoaded } from '../ui/use-loaded';
import { RequireOpen, RequirePortal, RouteAccess, type RouteRule } from './guards';
import { RedirectNotice } from './redirect-notice';

export type PageParams = Record<string, string | undefined>;
type PageComponent = ComponentType<{ params: PageParams }>;

interface LazyPage {
  Page: PageComponent;
  /** Starts the chunk download before React asks for it (see preload.ts); the same promise either way. */
  preload: () => Promise<unknown>;
}

export function page<M>(load: () => Promise<M>, name: keyof M): LazyPage {
  const module = loader(async () => (await load())[name] as PageComponent);
  // Not lazy(): see ../ui/use-loaded.ts (the page rendered 300 ms late, in one task with the shell's parts).
  function Page({ params }: { params: PageParams }) {
    const { value: Loaded, failed, retry } = useLoaded(module);
    if (Loaded) return <Loaded params={params} />;
    return failed ? <PageNotLoaded retry={retry} /> : <PageLoader />;
  }
  return { Page, preload: module.load };
}

interface RouteDef extends LazyPage, RouteRule {
  path: string;
  guard: boolean;
}

const dashboard = page(() => import('../features/dashboard/dashboard-page'), 'DashboardPage');
const documents = page(() => import('../features/documents/documents-page'), 'DocumentsPage');
const documentForm = page(() => import('../features/documents/document-form-page'), 'DocumentFormPage');
const wishlist = page(() => import('../features/wishlist/wishlist-page'), 'WishlistPage');
const wishlistForm = page(() => import('../features/wishlist/wishlist-form-page'), 'WishlistFormPage');

export const routes: readonly RouteDef[] = [
  { path: '/login', guard: false, ...page(() => import('../features/session/login-page'), 'LoginPage') },
  // Not in part 1 §2 (issue 33): where the school's sign-in service sends the browser back.
  {
    path: '/login/schoolaccount/:provider',
    guard: false,
    ...page(() => import('../features/session/school-account-return-page'), 'SchoolAccountReturnPage'),
  },
  // Not in part 1 §2: where an invited colleague sets a password (the link in the invitation e-mail).
  { path: '/wachtwoord-instellen', guard: false, ...page(() => import('../features/session/set-password-page'), 'SetPasswordPage') },
  { path: '/notauthorized', guard: false, ...page(() => import('../features/session/notauthorized-page'), 'NotAuthorizedPage') },
  { path: '/index', guard: true, ...dashboard },
  { path: '/classrooms', guard: true, ...page(() => import('../features/classrooms/classrooms-page'), 'ClassroomsPage') },
  { path: '/classrooms/form/:id', guard: true, ...page(() => import('../features/classrooms/classroom-form-page'), 'ClassroomFormPage') },
  {
    path: '/classrooms/students/:id',
    guard: true,
    ...page(() => import('../features/classrooms/classroom-students-page'), 'ClassroomStudentsPage'),
  },
  // Not in part 1 §2 (issue 32): a class's progress, from the class's student list.
  {
    path: '/classrooms/progress/:id',
    guard: true,
    activeSchool: true,
    portfolios: true,
    ...page(() => import('../features/portfolios/progress-page'), 'ProgressPage'),
  },
  { path: '/teachers', guard: true, ...page(() => import('../features/teachers/teachers-page'), 'TeachersPage') },
  { path: '/documents', guard: true, activeSchool: true, ...documents },
  { path: '/documents/form/:id', guard: true, activeSchool: true, ...documentForm },
  { path: '/documents/form/:id/:new', guard: true, activeSchool: true, ...documentForm },
  { path: '/books', guard: true, activeSchool: true, ...page(() => import('../features/printing/printing-page'), 'PrintingPage') },
  {
    path: '/portfolios',
    guard: true,
    activeSchool: true,
    portfolios: true,
    ...page(() => import('../features/portfolios/portfolios-page'), 'PortfoliosPage'),
  },
  { path: '/examinations', guard: true, activeSchool: true, ...page(() => import('../features/exams/exams-page'), 'ExamsPage') },
  { path: '/students/form/:id', guard: true, ...page(() => import('../features/students/student-form-page'), 'StudentFormPage') },
  { path: '/wishlist', guard: true, activeSchool: true, ...wishlist },
  { path: '/wishlist/form/:id', guard: true, activeSchool: true, ...wishlistForm },
  // Not in part 1 §2 (issue 31): the year change, for a school with licences.
  {
    path: '/school-year',
    guard: true,
    activeSchool: true,
    ...page(() => import('../features/school-year/school-year-page'), 'SchoolYearPage'),
  },
  { path: '/licenses', guard: true, ...page(() => import('../features/licences/licences-page'), 'LicencesPage') },
];

function PageLoader() {
  return (
    <Center py="xl">
      <Loader role="status" aria-label="Pagina laden" />
    </Center>
  );
}

/** The page's code did not arrive (offline before the worker had it, or a new version replaced it). */
function PageNotLoaded({ retry }: { retry(): void }) {
  return (
    <Stack align="center" py="xl" gap="md">
      <Text role="alert">Deze pagina kon niet worden geladen. Controleer de verbinding en probeer het opnieuw.</Text>
      <Button variant="default" onClick={retry}>
        Opnieuw proberen
      </Button>
    </Stack>
  );
}

export function AppRoutes() {
  return (
    <RouteAccess routes={routes}>
      <RedirectNotice />
      <Switch>
        <Route path="/">
          <Redirect to="/index" replace />
        </Route>
        {routes.map((route) => (
          <Route key={route.path} path={route.path}>
            {(params: PageParams) => {
              const { guard, activeSchool, portfolios, Page } = route;
              const page = <Page params={params} />;
              if (!guard) return page;
              return <RequirePortal>{activeSchool || portfolios ? <RequireOpen rule={route}>{page}</RequireOpen> : page}</RequirePortal>;
            }}
          </Route>
        ))}
        {/* Unknown addresses go to the dashboard, like the empty route. */}
        <Route>
          <Redirect to="/index" replace />
        </Route>
      </Switch>
    </RouteAccess>
  );
}
