// The last leg of paying for a job, shared by the card forms and the return from the provider's
// redirect: the server activates the job, and the job id survives the redirect in session storage.
import { toast } from 'sonner';
import { useConfirmJobPayment } from '@/api/jobs';

const PENDING_JOB_KEY = 'post-job-pending-job';

/** The job being paid for, kept while the provider may send the browser away and back. */
export function rememberPendingJob(jobId: number): void {
  sessionStorage.setItem(PENDING_JOB_KEY, String(jobId));
}

export function pendingJob(): number | null {
  const id = Number(sessionStorage.getItem(PENDING_JOB_KEY));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const ACTIVATION_FAILED = 'Payment succeeded but failed to activate job. Please contact support.';

/** Answers whether the job is live now; says so, or why not, in a toast (SPEC §8). */
export function useFinishJobPayment(): (jobId: number, paymentIntentId: string) => Promise<boolean> {
  const confirm = useConfirmJobPayment();
  return async (jobId, paymentIntentId) => {
    try {
      await confirm.mutateAsync({ jobId, paymentIntentId });
    } catch {
      toast.error('Error', { description: ACTIVATION_FAILED });
      return false;
    }
    sessionStorage.removeItem(PENDING_JOB_KEY);
    toast.success('Payment Successful', { description: 'Your job posting is now live!' });
    return true;
  };
}
