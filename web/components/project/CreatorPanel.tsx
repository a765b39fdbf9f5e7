// The creator block of the project page (SPEC §2): who made it, where else to find them, Follow and Hire Me
// (neither on the viewer's own project: its owner gets Edit and Delete instead, see ProjectPage).
import { Briefcase } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { TPublicUser } from '@shared/schemas/user';
import { useCurrentUser } from '@/api/auth';
import { Button } from '@/components/ui/button';
import { MemberIdentity } from '@/components/user/MemberIdentity';
import { useHasBeenTrue } from '@/hooks/useHasBeenTrue';
import { takePendingAction } from '@/lib/return-to';
import { FollowButton } from './FollowButton';

// Loaded on the first 'Hire Me' (or the return from signing in to hire): its form and the schemas
// it pulls in are not worth evaluating on every project page.
const ContactDialog = lazy(() => import('./ContactDialog'));

interface CreatorPanelProps {
  creator: TPublicUser;
  project: { id: number; title: string; isFollowing: boolean };
  /** The viewer made this project: nothing to follow, nobody to hire. */
  isOwnProject: boolean;
  onFollowChange: (following: boolean) => void;
}

export function CreatorPanel({ creator, project, isOwnProject, onFollowChange }: CreatorPanelProps) {
  const [contactOpen, setContactOpen] = useState(false);
  const contactLoaded = useHasBeenTrue(contactOpen);
  const { isSignedIn } = useCurrentUser();
  // Back from signing in to hire this creator (issue 16): the dialog opens by itself.
  // The pending action is in session storage (outside React), known only once the member is.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (isSignedIn && takePendingAction('hire', creator.id)) setContactOpen(true);
  }, [isSignedIn, creator.id]);
  return (
    <>
      <MemberIdentity
        user={creator}
        variant="panel"
        actions={
          isOwnProject ? undefined : (
            <>
              <FollowButton creatorId={creator.id} initialFollowing={project.isFollowing} onChange={onFollowChange} />
              <Button variant="outline" className="flex-1" onClick={() => setContactOpen(true)}>
                <Briefcase className="h-4 w-4" aria-hidden />
                Hire Me
              </Button>
            </>
          )
        }
      />
      {!isOwnProject && contactLoaded && (
        <Suspense fallback={null}>
          <ContactDialog open={contactOpen} onOpenChange={setContactOpen} creator={creator} project={project} />
        </Suspense>
      )}
    </>
  );
}
