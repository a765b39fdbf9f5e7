import { useCurrentUser } from '@/api/auth';
import { AccessRequired } from '@/components/invitations/AccessRequired';
import { InvitationCodesPanel } from '@/components/invitations/InvitationCodesPanel';
import { PageContainer } from '@/components/page/PageContainer';
import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';

export default function InvitationCodesPage() {
  useDocumentTitle('Invitation Codes', 'Your invitation codes: share them with creators you trust and see who joined through you.');
  const { isSignedIn, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner />;
  if (!isSignedIn) return <AccessRequired message="Please sign in to view and share your invitation codes." />;
  return (
    <PageContainer width="page">
      <InvitationCodesPanel />
    </PageContainer>
  );
}
