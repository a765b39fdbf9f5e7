// Every route of SPEC §2. Pages load on demand; react-router matches paths case-insensitively
// and ignores a trailing slash, as SPEC §2 asks.
import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { Layout } from '@/components/layout/Layout';

const HomePage = lazy(() => import('@/pages/HomePage'));
const LoginPage = lazy(() => import('@/pages/LoginPage'));
const SignupPage = lazy(() => import('@/pages/SignupPage'));
const InvitationCodesPage = lazy(() => import('@/pages/InvitationCodesPage'));
const TermsPage = lazy(() => import('@/pages/TermsPage'));
const PrivacyPage = lazy(() => import('@/pages/PrivacyPage'));
const CookiesPage = lazy(() => import('@/pages/CookiesPage'));
const AboutPage = lazy(() => import('@/pages/AboutPage'));
const ComingSoonPage = lazy(() => import('@/pages/ComingSoonPage'));
const NotFoundPage = lazy(() => import('@/pages/NotFoundPage'));

/** Pages that later steps build; until then each says it is coming. */
const COMING_SOON = [
  { path: '/project/:slug', name: 'Project details' },
  { path: '/upload', name: 'Upload' },
  { path: '/inspiration', name: 'Inspiration' },
  { path: '/jobs', name: 'Jobs' },
  { path: '/category/:category', name: 'Categories' },
  { path: '/search', name: 'Search' },
  { path: '/profile', name: 'Profile' },
  { path: '/post-job', name: 'Post a Job' },
  { path: '/support', name: 'Support' },
  { path: '/careers', name: 'Careers' },
  { path: '/for-creators', name: 'For Creators' },
  { path: '/creator/:id', name: 'Creator profiles' },
] as const;

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/invitation-codes" element={<InvitationCodesPage />} />
        <Route path="/terms" element={<TermsPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/cookies" element={<CookiesPage />} />
        <Route path="/about" element={<AboutPage />} />
        {COMING_SOON.map(({ path, name }) => (
          <Route key={path} path={path} element={<ComingSoonPage name={name} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
