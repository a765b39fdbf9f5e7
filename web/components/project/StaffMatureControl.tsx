// Moderators and admins mark any project as mature (or take the mark off), saying why.
import { EyeOff } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { isStaff } from '@shared/roles';
import type { TProject } from '@shared/schemas/project';
import { useCurrentUser } from '@/api/auth';
import { Button } from '@/components/ui/button';
import { useHasBeenTrue } from '@/hooks/useHasBeenTrue';

// Staff only, and rarely: the dialog and its form load on the first opening.
const StaffMatureDialog = lazy(() => import('./StaffMatureDialog'));

export function StaffMatureControl({ project }: { project: Pick<TProject, 'id' | 'title' | 'isMature'> }) {
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const loaded = useHasBeenTrue(open);
  if (!user || !isStaff(user.role)) return null;
  const title = project.isMature ? 'Remove the mature mark' : 'Mark as mature';
  return (
    <>
      <Button variant="outline" size="sm" className="self-start" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <EyeOff className="h-4 w-4" aria-hidden />
        {title}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <StaffMatureDialog project={project} title={title} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
