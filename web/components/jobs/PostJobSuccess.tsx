// Step 3 of posting a job (SPEC §2): the listing is live. After a renewal: live for 60 more days.
import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { JOB_LISTING_DAYS } from '@shared/constants';
import { Button } from '@/components/ui/button';

/** Where the profile's My Jobs tab lives. */
export const MY_JOBS_PATH = '/profile?tab=jobs';

export function PostJobSuccess({ renewal = false }: { renewal?: boolean }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-10 text-center">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
        <CircleCheck className="h-9 w-9" aria-hidden />
      </span>
      <h1 className="text-3xl font-semibold tracking-tight">{renewal ? 'Listing Renewed!' : 'Job Posted Successfully!'}</h1>
      <p className="text-zinc-600">
        {renewal
          ? `Your job listing stays on the board for ${JOB_LISTING_DAYS} more days.`
          : `Your job listing is now live on the board for the next ${JOB_LISTING_DAYS} days. You'll receive notifications when candidates apply.`}
      </p>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        <Button asChild size="lg">
          <Link to="/jobs">View All Jobs</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={MY_JOBS_PATH}>Manage My Jobs</Link>
        </Button>
      </div>
    </div>
  );
}
