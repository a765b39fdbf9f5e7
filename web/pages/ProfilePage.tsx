// The member's profile (SPEC §2, §4): who they are, real figures, their work, likes, invitation codes, jobs and messages.
import { ArrowUpRight, Settings, Upload, UserPen, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { TCurrentUser } from '@shared/schemas/user';
import { useCurrentUser } from '@/api/auth';
import { useCreatorProfile } from '@/api/users';
import { MyJobsTab } from '@/components/jobs/MyJobsTab';
import { PageContainer } from '@/components/page/PageContainer';
import { EditProfileDialog } from '@/components/profile/EditProfileDialog';
import { InviteCodesTab } from '@/components/profile/InviteCodesTab';
import { LikedTab } from '@/components/profile/LikedTab';
import { MyCollectionsTab } from '@/components/collections/MyCollectionsTab';
import { MessagesTab, UnreadBadge } from '@/components/profile/MessagesTab';
import { MyProjectsTab } from '@/components/profile/MyProjectsTab';
import { ProfileStats } from '@/components/profile/ProfileStats';
import { SettingsDialog } from '@/components/profile/SettingsDialog';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { MemberIdentity } from '@/components/user/MemberIdentity';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { useSignInPath } from '@/hooks/useSignInPath';
import { creatorPath } from '@/lib/paths';

const TABS = [
  { value: 'projects', label: 'My Projects' },
  { value: 'liked', label: 'Liked' },
  { value: 'collections', label: 'Collections' },
  { value: 'invites', label: 'Invite Codes' },
  { value: 'jobs', label: 'My Jobs' },
  { value: 'messages', label: 'Messages' },
] as const;
type TTab = (typeof TABS)[number]['value'];

const isTab = (value: string | null): value is TTab => TABS.some((tab) => tab.value === value);

export default function ProfilePage() {
  useDocumentTitle('Profile', 'Your profile: your projects, the work you liked, your invitation codes, job listings and messages.');
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner />;
  if (!user) return <SignInPrompt />;
  return <Profile user={user} />;
}

function SignInPrompt() {
  const signIn = useSignInPath();
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-20 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-violet-50 text-accent">
        <UserRound className="h-7 w-7" aria-hidden />
      </span>
      <h1 className="text-2xl font-semibold">Please sign in to view your profile</h1>
      <Button asChild>
        <Link to={signIn}>Sign In</Link>
      </Button>
    </div>
  );
}

function Profile({ user }: { user: TCurrentUser }) {
  const profile = useCreatorProfile(user.id);
  const stats = profile.data?.stats;
  const [editOpen, setEditOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // The open tab lives in the address, so a reload or a shared link comes back to it.
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: TTab = isTab(requested) ? requested : 'projects';
  const selectTab = (value: string) => setSearchParams(value === 'projects' ? {} : { tab: value }, { replace: true });

  return (
    <PageContainer>
      <MemberIdentity
        user={user}
        variant="page"
        actions={
          <>
            <Button asChild>
              <Link to="/upload">
                <Upload className="h-4 w-4" aria-hidden />
                Upload Work
              </Link>
            </Button>
            <Button variant="outline" onClick={() => setEditOpen(true)}>
              <UserPen className="h-4 w-4" aria-hidden />
              Edit Profile
            </Button>
            <Button variant="outline" onClick={() => setSettingsOpen(true)}>
              <Settings className="h-4 w-4" aria-hidden />
              Settings
            </Button>
          </>
        }
      >
        <Link to={creatorPath(user.id)} className="inline-flex items-center gap-1.5 self-start rounded-sm text-[13px] font-medium text-accent hover:text-accent-hover">
          View public page
          <ArrowUpRight className="h-3.5 w-3.5" aria-hidden />
        </Link>
      </MemberIdentity>

      <div className="mt-8">
        <ProfileStats
          loading={profile.isPending}
          stats={[
            { label: 'Projects', value: stats?.projects },
            { label: 'Total Likes', value: stats?.likes },
            { label: 'Total Views', value: stats?.views },
            { label: 'Liked', value: stats?.liked },
          ]}
        />
      </div>

      <Tabs value={tab} onValueChange={selectTab} className="mt-10">
        <TabsList aria-label="Profile sections">
          {TABS.map(({ value, label }) => (
            <TabsTrigger key={value} value={value}>
              {label}
              {value === 'messages' && <UnreadBadge />}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="projects">
          <MyProjectsTab userId={user.id} />
        </TabsContent>
        <TabsContent value="liked">
          <LikedTab />
        </TabsContent>
        <TabsContent value="collections">
          <MyCollectionsTab />
        </TabsContent>
        <TabsContent value="invites">
          <InviteCodesTab />
        </TabsContent>
        <TabsContent value="messages">
          <MessagesTab />
        </TabsContent>
        <TabsContent value="jobs">
          <MyJobsTab />
        </TabsContent>
      </Tabs>

      <EditProfileDialog user={user} open={editOpen} onOpenChange={setEditOpen} />
      <SettingsDialog user={user} projectCount={stats?.projects} open={settingsOpen} onOpenChange={setSettingsOpen} />
    </PageContainer>
  );
}
