// Every route of SPEC §2. Pages load on demand; react-router matches paths case-insensitively
// and ignores a trailing slash, as SPEC §2 asks.
import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { Layout } from '@/components/layout/Layout';

const HomePage = lazy(() => import('@/pages/HomePage'));
const LoginPage = lazy(() => import('@/pages/LoginPage'));
const SignupPage = lazy(() => import('@/pages/SignupPage'));
const ForgotPasswordPage = lazy(() => import('@/pages/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('@/pages/ResetPasswordPage'));
const ConfirmEmailPage = lazy(() => import('@/pages/ConfirmEmailPage'));
const InvitationCodesPage = lazy(() => import('@/pages/InvitationCodesPage'));
const TermsPage = lazy(() => import('@/pages/TermsPage'));
const PrivacyPage = lazy(() => import('@/pages/PrivacyPage'));
const CookiesPage = lazy(() => import('@/pages/CookiesPage'));
const AboutPage = lazy(() => import('@/pages/AboutPage'));
const ProjectPage = lazy(() => import('@/pages/ProjectPage'));
const UploadPage = lazy(() => import('@/pages/UploadPage'));
const ProfilePage = lazy(() => import('@/pages/ProfilePage'));
const CreatorPage = lazy(() => import('@/pages/CreatorPage'));
const SearchPage = lazy(() => import('@/pages/SearchPage'));
const CategoryPage = lazy(() => import('@/pages/CategoryPage'));
const InspirationPage = lazy(() => import('@/pages/InspirationPage'));
const JobsPage = lazy(() => import('@/pages/JobsPage'));
const PostJobPage = lazy(() => import('@/pages/PostJobPage'));
const SupportPage = lazy(() => import('@/pages/SupportPage'));
const CareersPage = lazy(() => import('@/pages/CareersPage'));
const ForCreatorsPage = lazy(() => import('@/pages/ForCreatorsPage'));
const AdminPage = lazy(() => import('@/pages/AdminPage'));
const NotificationsPage = lazy(() => import('@/pages/NotificationsPage'));
const UnsubscribePage = lazy(() => import('@/pages/UnsubscribePage'));
const NotFoundPage = lazy(() => import('@/pages/NotFoundPage'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/confirm-email" element={<ConfirmEmailPage />} />
        <Route path="/invitation-codes" element={<InvitationCodesPage />} />
        <Route path="/terms" element={<TermsPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/cookies" element={<CookiesPage />} />
        <Route path="/about" element={<AboutPage />} />
        <Route path="/project/:slug" element={<ProjectPage />} />
        <Route path="/upload" element={<UploadPage />} />
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/creator/:id" element={<CreatorPage />} />
        <Route path="/search" element={<SearchPage />} />
        <Route path="/category/:category" element={<CategoryPage />} />
        <Route path="/inspiration" element={<InspirationPage />} />
        <Route path="/jobs" element={<JobsPage />} />
        <Route path="/post-job" element={<PostJobPage />} />
        <Route path="/support" element={<SupportPage />} />
        <Route path="/careers" element={<CareersPage />} />
        <Route path="/for-creators" element={<ForCreatorsPage />} />
        <Route path="/admin/*" element={<AdminPage />} />
        <Route path="/notifications" element={<NotificationsPage />} />
        <Route path="/unsubscribe" element={<UnsubscribePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
