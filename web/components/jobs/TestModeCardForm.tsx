// The card form of the offline test mode: it stands in for Stripe Elements and answers like
// Stripe.js, with Stripe's test cards. No real card is charged.
import { FlaskConical } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { TEST_CARDS, type TTestCardPaymentResult } from '@shared/schemas/job';
import { confirmTestCardPayment } from '@/api/jobs';
import { serverMessage } from '@/api/api-error';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PayButton } from './PayButton';
import type { TPaymentResultHandler } from './payment-result';

/** '4242424242424242' → '4242 4242 4242 4242', as card forms show it. */
const formatCardNumber = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** Digits only, with the slash after the month: '1234' → '12/34'. */
function formatExpiry(value: string, previous: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  // Deleting the slash deletes the month's last digit too, so backspace never gets stuck.
  if (value.length < previous.length && previous.endsWith('/') && !value.includes('/')) return digits.slice(0, 1);
  return digits.length >= 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

interface TestModeCardFormProps {
  clientSecret: string;
  onResult: TPaymentResultHandler;
}

export function TestModeCardForm({ clientSecret, onResult }: TestModeCardFormProps) {
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [busy, setBusy] = useState(false);

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    let result: TTestCardPaymentResult;
    try {
      result = await confirmTestCardPayment({ clientSecret, cardNumber, expiry, cvc });
    } catch (error) {
      // 402 with the card's problem in Stripe's words, such as 'Your card was declined.'
      toast.error('Payment Failed', { description: serverMessage(error, 'The payment could not be completed. Please try again.') });
      setBusy(false);
      return;
    }
    try {
      await onResult(result.paymentIntent);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void pay(event)} noValidate aria-label="Card details" className="flex flex-col gap-5">
      <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
        <p className="flex items-center gap-2 font-semibold">
          <FlaskConical className="h-4 w-4" aria-hidden />
          Test mode — no real charge
        </p>
        <p className="mt-1">
          No real card is charged. Use {TEST_CARDS.succeeds} for a successful payment or {TEST_CARDS.declined} to see a decline, with any future
          expiry date and any 3-digit CVC.
        </p>
      </div>
      <fieldset disabled={busy} className="flex min-w-0 flex-col gap-4">
        <FormField id="card-number" label="Card number">
          {(field) => (
            <Input
              {...field}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              value={cardNumber}
              onChange={(event) => setCardNumber(formatCardNumber(event.target.value))}
            />
          )}
        </FormField>
        <div className="grid grid-cols-2 gap-4">
          <FormField id="card-expiry" label="Expiry (MM/YY)">
            {(field) => (
              <Input
                {...field}
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder="MM/YY"
                value={expiry}
                onChange={(event) => setExpiry((previous) => formatExpiry(event.target.value, previous))}
              />
            )}
          </FormField>
          <FormField id="card-cvc" label="CVC">
            {(field) => (
              <Input
                {...field}
                inputMode="numeric"
                autoComplete="cc-csc"
                placeholder="123"
                value={cvc}
                onChange={(event) => setCvc(event.target.value.replace(/\D/g, '').slice(0, 4))}
              />
            )}
          </FormField>
        </div>
      </fieldset>
      <PayButton busy={busy} />
    </form>
  );
}
