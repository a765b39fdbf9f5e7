// Suspending a member: for how long, why, and whether their unused invitation codes go too.
// Their sessions end at once and their work is hidden (the server's part).
import { useState } from 'react';
import { toast } from 'sonner';
import { serverMessage } from '@/api/api-error';
import { useSuspend } from '@/api/admin';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { SUSPENSION_LENGTHS, suspensionUntil, type TSuspensionLength } from './admin-format';
import { ReasonDialog } from './ReasonDialog';

interface SuspendDialogProps {
  member: { id: number; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function SuspendDialog({ member, open, onOpenChange }: SuspendDialogProps) {
  const suspend = useSuspend(member.id);
  const [length, setLength] = useState<TSuspensionLength>('7');
  const [revokeCodes, setRevokeCodes] = useState(false);

  function confirm(reason: string) {
    suspend.mutate(
      { until: suspensionUntil(length), reason, revokeCodes },
      {
        onSuccess: () => {
          toast('Member suspended', { description: `${member.name} is signed out everywhere and cannot sign in.` });
          onOpenChange(false);
        },
        onError: (error) => toast.error('Suspension failed', { description: serverMessage(error, 'Please try again.') }),
      },
    );
  }

  return (
    <ReasonDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Suspend ${member.name}?`}
      description="They are signed out everywhere at once, cannot sign in, and their work is hidden until the suspension ends."
      confirmLabel="Suspend"
      busyLabel="Suspending..."
      busy={suspend.isPending}
      destructive
      reasonHint="Shown to them when they try to sign in, and kept in the audit log."
      onConfirm={confirm}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-ink">How long</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {SUSPENSION_LENGTHS.map((option) => (
            <label key={option.value} className="flex cursor-pointer items-center gap-2 text-sm text-zinc-800">
              <input
                type="radio"
                name="suspension-length"
                value={option.value}
                checked={length === option.value}
                onChange={() => setLength(option.value)}
                className="h-4 w-4 accent-accent"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex items-center gap-2.5">
        <Checkbox id="suspend-revoke-codes" checked={revokeCodes} onCheckedChange={(checked) => setRevokeCodes(checked === true)} />
        <Label htmlFor="suspend-revoke-codes" className="font-normal">
          Also revoke their unused invitation codes
        </Label>
      </div>
    </ReasonDialog>
  );
}
