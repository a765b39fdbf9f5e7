// 'Report' on what others made (a project, job, member, comment): signed out, it leads to sign-in;
// on the viewer's own things it is not shown. The form loads on the first click.
import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '@/api/auth';
import { Button } from '@/components/ui/button';
import { useHasBeenTrue } from '@/hooks/useHasBeenTrue';
import { useSignInPath } from '@/hooks/useSignInPath';
import { cn } from '@/lib/cn';
import type { TReportTargetRef } from './ReportDialog';

const ReportDialog = lazy(() => import('./ReportDialog'));

interface ReportButtonProps extends TReportTargetRef {
  /** Who made it, where known: their own things are not theirs to report. */
  ownerId?: number | null;
  className?: string;
}

export function ReportButton({ ownerId, className, ...target }: ReportButtonProps) {
  const { user } = useCurrentUser();
  const signIn = useSignInPath();
  const [open, setOpen] = useState(false);
  const loaded = useHasBeenTrue(open);
  if (user && ownerId === user.id) return null;

  const content = (
    <>
      <Flag className="h-4 w-4" aria-hidden />
      Report
      <span className="sr-only"> {target.label}</span>
    </>
  );
  const classes = cn('text-zinc-600', className);
  if (!user) {
    return (
      <Button asChild variant="ghost" size="sm" className={classes}>
        <Link to={signIn}>{content}</Link>
      </Button>
    );
  }
  return (
    <>
      <Button variant="ghost" size="sm" className={classes} onClick={() => setOpen(true)}>
        {content}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <ReportDialog {...target} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
