// Posting a paid job (SPEC §2 Post a job, §4 Job posting): form, payment, success. ?job={id}
// opens the payment of a job saved earlier; ?success=true&payment_intent=… is the provider's
// redirect back after a payment that needed one. ?job={id}&renew=true pays for a renewal of a
// paid listing (My Jobs → Renew): the same payment step, another $250 for 60 more days.
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CreditCard, LockKeyhole } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useEffectEvent } from '@/hooks/useEffectEvent';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { JOB_LISTING_DAYS, PAYMENTS_OFF_MESSAGE } from '@shared/constants';
import { toCreateJobBody, type TJobFormOutput } from '@shared/schemas/job';
import { useCurrentUser } from '@/api/auth';
import { paymentSessionQuery, useCreateJob, usePaymentsConfig } from '@/api/jobs';
import { serverMessage } from '@/api/api-error';
import { JobForm } from '@/components/jobs/JobForm';
import { PaymentStep } from '@/components/jobs/PaymentStep';
import { PostJobSuccess } from '@/components/jobs/PostJobSuccess';
import { JOB_PRICE, PricingCard } from '@/components/jobs/PricingCard';
import { ACTIVATION_FAILED, pendingJob, rememberPendingJob, useFinishJobPayment } from '@/components/jobs/useFinishJobPayment';
import { PageContainer } from '@/components/page/PageContainer';
import { Button } from '@/components/ui/button';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { StatePanel } from '@/components/ui/state-panel';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { useSignInPath } from '@/hooks/useSignInPath';

type TStage =
  | { step: 'form' }
  | { step: 'payment'; jobId: number; renewal?: boolean }
  /** Back from the provider's redirect: confirming the payment with the server. */
  | { step: 'returning'; jobId: number; paymentIntentId: string }
  | { step: 'success'; renewal?: boolean };

interface TStart {
  stage: TStage;
  /** A destructive toast to show on arrival. */
  notice?: { title: string; description: string };
}

function jobIdParam(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Where the page starts, from its address: a provider's redirect, a saved job's payment, or the form. */
function startFrom(params: URLSearchParams): TStart {
  const paymentIntentId = params.get('payment_intent');
  if (params.get('success') === 'true' && paymentIntentId) {
    const jobId = pendingJob();
    // Another tab or browser: the job this payment was for is not known here.
    if (jobId === null) return { stage: { step: 'form' }, notice: { title: 'Error', description: ACTIVATION_FAILED } };
    if (params.get('redirect_status') === 'failed') {
      return { stage: { step: 'payment', jobId }, notice: { title: 'Payment Failed', description: 'The payment was not completed. Please try again.' } };
    }
    return { stage: { step: 'returning', jobId, paymentIntentId } };
  }
  const jobId = jobIdParam(params.get('job'));
  return { stage: jobId ? { step: 'payment', jobId, renewal: params.get('renew') === 'true' } : { step: 'form' } };
}

export default function PostJobPage() {
  useDocumentTitle('Post a Job', 'Post a job for AI creators: $250 for a 60-day listing seen by prompt engineers and AI-native designers.');
  const { isSignedIn, isLoading } = useCurrentUser();
  // Whether this site takes payments at all (PAYMENTS_MODE): without, no form to fill for nothing.
  const payments = usePaymentsConfig();
  if (isLoading || (isSignedIn && payments.isPending)) return <PageSpinner />;
  if (!isSignedIn) return <SignInRequired />;
  if (payments.data?.paymentsMode === 'off') return <PaymentsOff />;
  return <PostJobFlow />;
}

function PaymentsOff() {
  return (
    <PageContainer>
      <div className="mx-auto flex max-w-3xl flex-col gap-8">
        <Link to="/jobs" className="inline-flex items-center gap-1.5 self-start rounded-sm text-sm font-medium text-zinc-600 hover:text-ink">
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back to Jobs
        </Link>
        <h1 className="text-3xl font-semibold tracking-tight">Post a Job</h1>
        <StatePanel icon={CreditCard} level={2} title="Payments are not configured" text={PAYMENTS_OFF_MESSAGE}>
          <Button asChild variant="outline">
            <Link to="/jobs">Browse Jobs</Link>
          </Button>
        </StatePanel>
      </div>
    </PageContainer>
  );
}

function SignInRequired() {
  const signIn = useSignInPath();
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-20 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-violet-50 text-accent">
        <LockKeyhole className="h-7 w-7" aria-hidden />
      </span>
      <h1 className="text-2xl font-semibold">Sign In Required</h1>
      <p className="max-w-md text-zinc-600">You need to be signed in to post a job listing.</p>
      <Button asChild>
        <Link to={signIn}>Sign In</Link>
      </Button>
    </div>
  );
}

function PostJobFlow() {
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [start] = useState(() => startFrom(params));
  const [stage, setStage] = useState<TStage>(start.stage);
  const createJob = useCreateJob();
  const finish = useFinishJobPayment();
  const returnHandled = useRef(false);

  const showPayment = (jobId: number) => setStage({ step: 'payment', jobId });
  const showSuccess = (renewal = false) => {
    setParams({}, { replace: true });
    setStage({ step: 'success', renewal });
  };

  // On the payment step the address names the job, so a reload comes back to it, and session
  // storage keeps it for the provider's redirect back.
  const payingFor = stage.step === 'payment' ? stage.jobId : null;
  const renewing = stage.step === 'payment' && stage.renewal === true;
  useEffect(() => {
    if (payingFor === null) return;
    rememberPendingJob(payingFor);
    setParams(renewing ? { job: String(payingFor), renew: 'true' } : { job: String(payingFor) }, { replace: true });
  }, [payingFor, renewing, setParams]);

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [stage.step]);

  useEffect(() => {
    if (!start.notice) return;
    // A fixed id: a second run of this effect replaces the toast instead of stacking another.
    toast.error(start.notice.title, { id: 'post-job-return', description: start.notice.description });
    if (start.stage.step === 'form') setParams({}, { replace: true });
  }, [start, setParams]);

  const confirmReturn = useEffectEvent((jobId: number, paymentIntentId: string) => {
    void finish(jobId, paymentIntentId).then((live) => (live ? showSuccess() : showPayment(jobId)));
  });
  useEffect(() => {
    if (stage.step !== 'returning' || returnHandled.current) return;
    returnHandled.current = true;
    confirmReturn(stage.jobId, stage.paymentIntentId);
  }, [stage]);

  /** SPEC §4: a valid form creates the job, then requests a payment session, then shows payment. */
  async function submitJob(values: TJobFormOutput) {
    let jobId: number;
    try {
      jobId = (await createJob.mutateAsync(toCreateJobBody(values))).id;
    } catch (error) {
      toast.error('Error', { description: serverMessage(error, 'Failed to create job listing. Please try again.') });
      return;
    }
    try {
      await client.fetchQuery(paymentSessionQuery(jobId));
    } catch {
      // The job is saved: the payment step shows why the session failed and retries it, so the form is never sent twice.
    }
    showPayment(jobId);
  }

  return (
    <PageContainer>
      <div className="mx-auto max-w-5xl">
        {stage.step === 'form' && (
          <div className="flex flex-col gap-8">
            <Link to="/jobs" className="inline-flex items-center gap-1.5 self-start rounded-sm text-sm font-medium text-zinc-600 hover:text-ink">
              <ArrowLeft className="h-4 w-4" aria-hidden />
              Back to Jobs
            </Link>
            <header>
              <h1 className="text-3xl font-semibold tracking-tight">Post a Job</h1>
              <p className="mt-2 text-zinc-600">
                {JOB_PRICE} for {JOB_LISTING_DAYS} days
              </p>
            </header>
            <div className="grid gap-8 lg:grid-cols-[minmax(0,560px)_320px] lg:justify-between">
              <JobForm onSubmit={submitJob} />
              <div className="lg:sticky lg:top-24 lg:h-fit">
                <PricingCard />
              </div>
            </div>
          </div>
        )}
        {stage.step === 'payment' && <PaymentStep jobId={stage.jobId} renewal={stage.renewal} onPaid={() => showSuccess(stage.renewal)} />}
        {stage.step === 'returning' && (
          <div className="flex min-h-[40vh] items-center justify-center">
            <Spinner label="Confirming your payment" />
          </div>
        )}
        {stage.step === 'success' && <PostJobSuccess renewal={stage.renewal} />}
      </div>
    </PageContainer>
  );
}
