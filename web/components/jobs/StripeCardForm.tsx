// The card form with real Stripe: Stripe Elements, confirmed in the browser by Stripe.js (SPEC §7).
// Loaded on demand, and Stripe.js with it ('pure' does not fetch it on import), so test mode and
// every other page never load a script from Stripe.
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { PayButton } from './PayButton';
import type { TPaymentResultHandler } from './payment-result';

/** One Stripe.js per key for the page's lifetime, as Stripe asks. */
const stripes = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    // A failed load may succeed on a retry: do not keep the failure.
    stripe.catch(() => stripes.delete(publishableKey));
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

/** Where Stripe sends the browser back after a payment that needed a redirect (SPEC §7). */
const returnUrl = () => `${window.location.origin}/post-job?success=true`;

const APPEARANCE = {
  theme: 'stripe',
  variables: { colorPrimary: '#6d28d9', colorText: '#0f0f14', borderRadius: '8px', fontFamily: 'Inter, ui-sans-serif, system-ui, sans-serif' },
} as const;

interface StripeCardFormProps {
  publishableKey: string;
  clientSecret: string;
  onResult: TPaymentResultHandler;
}

export default function StripeCardForm({ publishableKey, clientSecret, onResult }: StripeCardFormProps) {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    stripeFor(publishableKey).then(
      (loaded) => {
        if (!current) return;
        if (loaded) setStripe(loaded);
        else setFailed(true);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [publishableKey, attempt]);

  if (failed) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 text-sm text-zinc-700">
        <p>The card form could not be loaded. Please check your connection and try again.</p>
        <Button
          variant="outline"
          onClick={() => {
            setFailed(false);
            setAttempt((value) => value + 1);
          }}
        >
          Try Again
        </Button>
      </div>
    );
  }
  if (!stripe) return <Spinner label="Loading the card form" className="py-10" />;
  return (
    <Elements stripe={stripe} options={{ clientSecret, appearance: APPEARANCE }}>
      <CardForm onResult={onResult} />
    </Elements>
  );
}

function CardForm({ onResult }: { onResult: TPaymentResultHandler }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    setBusy(true);
    try {
      // Redirects only when the card needs it (3-D Secure in a full page); the page picks up on return.
      const result = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl() }, redirect: 'if_required' });
      if (result.error) {
        toast.error('Payment Failed', { description: result.error.message ?? 'The payment could not be completed. Please try again.' });
        return;
      }
      await onResult({ id: result.paymentIntent.id, status: result.paymentIntent.status });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void pay(event)} aria-label="Card details" className="flex flex-col gap-5">
      <PaymentElement onReady={() => setReady(true)} />
      <PayButton busy={busy} disabled={!stripe || !ready} />
    </form>
  );
}
