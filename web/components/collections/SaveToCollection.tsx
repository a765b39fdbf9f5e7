// 'Save' on the project page (Dribbble's buckets): members tick the collections that should hold
// the project and can make a new one inline; visitors are sent to sign in, and the dialog opens
// by itself when they are back.
import { Bookmark } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '@/api/auth';
import { Button } from '@/components/ui/button';
import { useHasBeenTrue } from '@/hooks/useHasBeenTrue';
import { signInPath, takePendingAction } from '@/lib/return-to';

// The dialog (its form and the collection schemas) loads on the first opening, so a project page
// for anyone who does not save evaluates none of it.
const SaveDialog = lazy(() => import('./SaveDialog'));

interface SaveButtonProps {
  project: { id: number; title: string };
  className?: string;
}

/** Waits (disabled) until the viewer is known: a member must never be sent to sign in. */
export function SaveButton({ project, className }: SaveButtonProps) {
  const { isSignedIn, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const loaded = useHasBeenTrue(open);
  // Back from signing in to save this project: the dialog opens by itself (see CreatorPanel's hire).
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (isSignedIn && takePendingAction('save', project.id)) setOpen(true);
  }, [isSignedIn, project.id]);
  const onClick = () => {
    if (!isSignedIn) {
      void navigate(signInPath({ action: 'save', targetId: project.id }));
      return;
    }
    setOpen(true);
  };
  return (
    <>
      <Button variant="outline" onClick={onClick} className={className} aria-haspopup="dialog" aria-label="Save to collection" disabled={isLoading}>
        <Bookmark className="h-4 w-4" aria-hidden />
        Save
      </Button>
      {isSignedIn && loaded && (
        <Suspense fallback={null}>
          <SaveDialog project={project} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
