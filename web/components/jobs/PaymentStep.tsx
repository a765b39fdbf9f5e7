// Step 2 of posting a job (SPEC §2, §4): pay $250 by card. A payment error or a failed
// activation keeps the member here; success hands on to the success view. Renewing a paid
// listing goes through the same step, with the renewal's payment session.
import { AlertTriangle, ShieldCheck } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { JOB_LISTING_DAYS } from '@shared/constants';
import { usePaymentSession, usePaymentsConfig } from '@/api/jobs';
import { serverMessage } from '@/api/api-error';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { TPaymentResultHandler } from './payment-result';
import { JOB_PRICE } from './PricingCard';
import { MY_JOBS_PATH } from './PostJobSuccess';
import { TestModeCardForm } from './TestModeCardForm';
import { useFinishJobPayment } from './useFinishJobPayment';

const StripeCardForm = lazy(() => import('./StripeCardForm'));

interface PaymentStepProps {
  jobId: number;
  onPaid: () => void;
  /** Another $250 for 60 more days of a paid listing. */
  renewal?: boolean;
}

export function PaymentStep({ jobId, onPaid, renewal = false }: PaymentStepProps) {
  const config = usePaymentsConfig();
  const session = usePaymentSession(jobId, renewal);
  const finish = useFinishJobPayment();

  const handleResult: TPaymentResultHandler = async (paymentIntent) => {
    if (paymentIntent.status === 'processing') {
      // The bank has not answered yet; the provider's webhook activates the listing when it does.
      toast('Payment processing', { description: 'Your listing goes live as soon as the payment completes. See My Jobs on your profile.' });
      return;
    }
    if (paymentIntent.status !== 'succeeded') {
      toast.error('Payment Failed', { description: 'The payment was not completed. Please try again.' });
      return;
    }
    if (await finish(jobId, paymentIntent.id)) onPaid();
  };

  const failure = config.error ?? session.error;
  let form;
  if (failure) {
    form = (
      <div role="alert" className="flex flex-col items-start gap-3 text-sm text-zinc-700">
        <p className="flex items-center gap-2 font-medium text-red-700">
          <AlertTriangle className="h-4 w-4" aria-hidden />
          {serverMessage(failure, 'The payment could not be prepared. Please try again.')}
        </p>
        <Button
          variant="outline"
          busy={config.isFetching || session.isFetching}
          onClick={() => {
            if (config.error) void config.refetch();
            if (session.error) void session.refetch();
          }}
        >
          Try Again
        </Button>
      </div>
    );
  } else if (!config.data || !session.data) {
    form = <Spinner label="Preparing the payment" className="py-10" />;
  } else if (config.data.paymentsMode === 'stripe' && config.data.publishableKey) {
    form = (
      <Suspense fallback={<Spinner label="Loading the card form" className="py-10" />}>
        <StripeCardForm publishableKey={config.data.publishableKey} clientSecret={session.data.clientSecret} onResult={handleResult} />
      </Suspense>
    );
  } else {
    form = <TestModeCardForm clientSecret={session.data.clientSecret} onResult={handleResult} />;
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,560px)_320px] lg:justify-between">
      <div className="flex flex-col gap-6">
        <header>
          <h1 className="text-3xl font-semibold tracking-tight">{renewal ? 'Renew Your Listing' : 'Complete Your Payment'}</h1>
          <p className="mt-2 text-zinc-600">
            {renewal
              ? `Pay ${JOB_PRICE} to keep your job listing on the board for ${JOB_LISTING_DAYS} more days.`
              : `Pay ${JOB_PRICE} to activate your job listing for ${JOB_LISTING_DAYS} days.`}
          </p>
        </header>
        <section aria-label="Payment" className="rounded-xl border border-zinc-200 bg-white p-5 md:p-6">
          {form}
        </section>
        <p className="text-[13px] text-zinc-500">
          {renewal ? 'Nothing changes until the payment goes through: you can also renew later from' : 'Your job is saved and waits for its payment: you can also finish paying later from'}{' '}
          <Link to={MY_JOBS_PATH} className="font-medium text-accent hover:text-accent-hover">
            My Jobs
          </Link>{' '}
          on your profile.
        </p>
      </div>
      <aside aria-label="Order summary" className="h-fit rounded-xl border border-zinc-200 bg-zinc-50 p-6 text-sm">
        <h2 className="text-base font-semibold">Order summary</h2>
        <dl className="mt-4 flex flex-col gap-2">
          <div className="flex justify-between gap-4">
            <dt className="text-zinc-600">{renewal ? `Renewal, ${JOB_LISTING_DAYS} more days` : `Job listing, ${JOB_LISTING_DAYS} days`}</dt>
            <dd>{JOB_PRICE}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-zinc-200 pt-2 font-semibold">
            <dt>Total</dt>
            <dd>{JOB_PRICE}</dd>
          </div>
        </dl>
        {config.data?.paymentsMode === 'stripe' && (
          <p className="mt-4 flex items-start gap-2 text-[13px] text-zinc-500">
            <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            Card details go straight to Stripe; they never reach our servers.
          </p>
        )}
      </aside>
    </div>
  );
}
