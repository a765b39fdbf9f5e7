// /admin (issue 14): moderators and admins only. Members get a 403 page, visitors the sign-in
// page. Sections live in the address (/admin, /admin/reports, /admin/members[/:id], /admin/audit).
import { ShieldAlert } from 'lucide-react';
import { Link, Navigate, Route, Routes } from 'react-router';
import { isStaff } from '@shared/roles';
import type { TCurrentUser } from '@shared/schemas/user';
import { useCurrentUser } from '@/api/auth';
import { AdminNav } from '@/components/admin/AdminNav';
import { AdminOverview } from '@/components/admin/AdminOverview';
import { AuditLog } from '@/components/admin/AuditLog';
import { MemberDetail } from '@/components/admin/MemberDetail';
import { MembersList } from '@/components/admin/MembersList';
import { ReportQueue } from '@/components/admin/ReportQueue';
import { PageContainer } from '@/components/page/PageContainer';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { useSignInPath } from '@/hooks/useSignInPath';

export default function AdminPage() {
  useDocumentTitle('Admin', 'The moderators’ area: reports, members, the audit log and figures.');
  const { user, isLoading } = useCurrentUser();
  const signIn = useSignInPath();
  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to={signIn} replace />;
  if (!isStaff(user.role)) return <NoAccess />;
  return <AdminArea user={user} />;
}

/** What a member (or a moderator on an admins' section) sees: the API answers them 403 too. */
function NoAccess() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-20 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-violet-50 text-accent">
        <ShieldAlert className="h-7 w-7" aria-hidden />
      </span>
      <p className="text-sm font-semibold text-zinc-600">403</p>
      <h1 className="text-3xl font-semibold">You do not have access to this page</h1>
      <p className="max-w-md text-zinc-600">This area is for the site’s moderators and admins.</p>
      <Button asChild>
        <Link to="/">Go Home</Link>
      </Button>
    </div>
  );
}

function AdminArea({ user }: { user: TCurrentUser }) {
  const isAdmin = user.role === 'admin';
  return (
    <PageContainer>
      <h1 className="text-3xl font-semibold tracking-tight">Admin</h1>
      <AdminNav isAdmin={isAdmin} />
      <div className="pt-8">
        <Routes>
          <Route index element={<AdminOverview />} />
          <Route path="reports" element={<ReportQueue />} />
          <Route path="members" element={<MembersList />} />
          <Route path="members/:id" element={<MemberDetail isAdmin={isAdmin} viewerId={user.id} />} />
          <Route path="audit" element={isAdmin ? <AuditLog /> : <NoAccess />} />
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Routes>
      </div>
    </PageContainer>
  );
}
