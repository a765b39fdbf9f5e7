import { Lock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { JOB_PRICE } from './PricingCard';

/** 'Pay $250', or 'Processing...' and disabled while the payment runs (SPEC §2). */
export function PayButton({ busy, disabled }: { busy: boolean; disabled?: boolean }) {
  return (
    <Button type="submit" size="lg" className="w-full" busy={busy} disabled={disabled}>
      {!busy && <Lock className="h-4 w-4" aria-hidden />}
      {busy ? 'Processing...' : `Pay ${JOB_PRICE}`}
    </Button>
  );
}
