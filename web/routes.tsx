// Every route of SPEC §2. Pages load on demand; react-router matches paths case-insensitively
// and ignores a trailing slash, as SPEC §2 asks.
import { lazy, useEffect, type ComponentType } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { pageHydrated } from '@/api/auth';
import { afterHydration } from '@/lib/hydration';
import { Layout } from '@/components/layout/Layout';

interface TPage {
  Component: ComponentType;
  /** Loads the page's code now; a page already loaded renders without suspending. */
  preload: () => Promise<unknown>;
}

/**
 * A page loaded on demand that, once loaded, renders at once: hydrating a server-rendered page
 * must not suspend (the page's data could change before the suspended part hydrates).
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>): TPage {
  let loaded: ComponentType | null = null;
  const preload = () => load().then((module) => (loaded = module.default));
  const Lazy = lazy(() => load().then((module) => ((loaded = module.default), module)));
  const Component = () => {
    // Runs once this page is drawn: on a server-rendered page, when its last part is hydrated.
    useEffect(() => afterHydration(pageHydrated), []);
    const Page = loaded ?? Lazy;
    return <Page />;
  };
  return { Component, preload };
}

const HomePage = lazyPage(() => import('@/pages/HomePage'));
const LoginPage = lazyPage(() => import('@/pages/LoginPage'));
const SignupPage = lazyPage(() => import('@/pages/SignupPage'));
const ForgotPasswordPage = lazyPage(() => import('@/pages/ForgotPasswordPage'));
const ResetPasswordPage = lazyPage(() => import('@/pages/ResetPasswordPage'));
const ConfirmEmailPage = lazyPage(() => import('@/pages/ConfirmEmailPage'));
const InvitationCodesPage = lazyPage(() => import('@/pages/InvitationCodesPage'));
const TermsPage = lazyPage(() => import('@/pages/TermsPage'));
const PrivacyPage = lazyPage(() => import('@/pages/PrivacyPage'));
const CookiesPage = lazyPage(() => import('@/pages/CookiesPage'));
const AboutPage = lazyPage(() => import('@/pages/AboutPage'));
const ProjectPage = lazyPage(() => import('@/pages/ProjectPage'));
const UploadPage = lazyPage(() => import('@/pages/UploadPage'));
const ProfilePage = lazyPage(() => import('@/pages/ProfilePage'));
const CreatorPage = lazyPage(() => import('@/pages/CreatorPage'));
const SearchPage = lazyPage(() => import('@/pages/SearchPage'));
const CategoryPage = lazyPage(() => import('@/pages/CategoryPage'));
const InspirationPage = lazyPage(() => import('@/pages/InspirationPage'));
const JobsPage = lazyPage(() => import('@/pages/JobsPage'));
const JobPage = lazyPage(() => import('@/pages/JobPage'));
const PostJobPage = lazyPage(() => import('@/pages/PostJobPage'));
const SupportPage = lazyPage(() => import('@/pages/SupportPage'));
const CareersPage = lazyPage(() => import('@/pages/CareersPage'));
const ForCreatorsPage = lazyPage(() => import('@/pages/ForCreatorsPage'));
const AdminPage = lazyPage(() => import('@/pages/AdminPage'));
const NotificationsPage = lazyPage(() => import('@/pages/NotificationsPage'));
const UnsubscribePage = lazyPage(() => import('@/pages/UnsubscribePage'));
const CollectionPage = lazyPage(() => import('@/pages/CollectionPage'));
const NotFoundPage = lazyPage(() => import('@/pages/NotFoundPage'));

/** Path and page, in the order the router tries them. */
const PAGES: readonly (readonly [string, TPage])[] = [
  ['/', HomePage],
  ['/login', LoginPage],
  ['/signup', SignupPage],
  ['/forgot-password', ForgotPasswordPage],
  ['/reset-password', ResetPasswordPage],
  ['/confirm-email', ConfirmEmailPage],
  ['/invitation-codes', InvitationCodesPage],
  ['/terms', TermsPage],
  ['/privacy', PrivacyPage],
  ['/cookies', CookiesPage],
  ['/about', AboutPage],
  ['/project/:slug', ProjectPage],
  ['/upload', UploadPage],
  ['/profile', ProfilePage],
  ['/creator/:id', CreatorPage],
  ['/collections/:id', CollectionPage],
  ['/search', SearchPage],
  ['/category/:category', CategoryPage],
  ['/inspiration', InspirationPage],
  ['/jobs', JobsPage],
  ['/jobs/:id', JobPage],
  ['/post-job', PostJobPage],
  ['/support', SupportPage],
  ['/careers', CareersPage],
  ['/for-creators', ForCreatorsPage],
  ['/admin/*', AdminPage],
  ['/notifications', NotificationsPage],
  ['/unsubscribe', UnsubscribePage],
  ['*', NotFoundPage],
];

/** Loads the code of the page at this address (before hydrating the page the server rendered). */
export function preloadPage(pathname: string): Promise<unknown> {
  const found = PAGES.find(([path]) => matchPath({ path, end: true }, pathname) !== null);
  return found ? found[1].preload() : Promise.resolve();
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {PAGES.map(([path, page]) => (path === '/' ? <Route key={path} index element={<page.Component />} /> : <Route key={path} path={path} element={<page.Component />} />))}
      </Route>
    </Routes>
  );
}
