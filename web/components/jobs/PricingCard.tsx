// The post-job page's side card: what $250 buys (SPEC §2).
import { Check } from 'lucide-react';
import { useId } from 'react';
import { JOB_LISTING_DAYS, JOB_PRICE_CENTS } from '@shared/constants';

export const JOB_PRICE = `$${JOB_PRICE_CENTS / 100}`;

const FEATURES = [
  'Reach thousands of AI professionals',
  `${JOB_LISTING_DAYS}-day active listing`,
  'Featured in job search results',
  'Email notifications to subscribers',
  'Analytics dashboard',
];

export function PricingCard() {
  const headingId = useId();
  return (
    <aside aria-labelledby={headingId} className="rounded-xl border border-zinc-200 bg-white p-6 shadow-sm">
      <h2 id={headingId} className="text-base font-semibold">
        Job Listing
      </h2>
      <p className="mt-3 flex items-baseline gap-1.5">
        <span className="text-4xl font-bold tracking-tight">{JOB_PRICE}</span>
        <span className="text-sm text-zinc-600">for {JOB_LISTING_DAYS} days</span>
      </p>
      <ul className="mt-5 flex flex-col gap-3">
        {FEATURES.map((feature) => (
          <li key={feature} className="flex items-start gap-2.5 text-sm text-zinc-700">
            <span className="mt-0.5 flex h-4 w-4 shrink-0 items-center justify-center rounded-full bg-violet-100 text-accent">
              <Check className="h-3 w-3" strokeWidth={3} aria-hidden />
            </span>
            {feature}
          </li>
        ))}
      </ul>
      <p className="mt-5 border-t border-zinc-100 pt-4 text-[13px] text-zinc-500">
        One payment, no subscription. Your listing goes live as soon as the payment is through.
      </p>
    </aside>
  );
}
