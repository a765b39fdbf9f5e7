// Every moderation action asks why (the audit log keeps it, and the owner of hidden work reads it):
// one dialog with a required reason, optional extra fields above it, and the action's button.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { MODERATION_REASON_MAX, ZUnsuspendRequest } from '@shared/schemas/moderation';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';

/** The reason alone: the same rule the server applies to every action's reason. */
const ZReasonForm = ZUnsuspendRequest;

interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Delete and suspend: a red button, since they cannot simply be taken back. */
  destructive?: boolean;
  /** Whom the reason is shown to, under the field. */
  reasonHint?: string;
  onConfirm: (reason: string) => void;
  /** Fields the action needs besides the reason (a suspension's length). */
  children?: ReactNode;
}

export function ReasonDialog({ open, onOpenChange, title, description, confirmLabel, busyLabel, busy, destructive = false, reasonHint, onConfirm, children }: ReasonDialogProps) {
  const fieldId = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ZReasonForm), defaultValues: { reason: '' } });

  function changeOpen(next: boolean) {
    if (busy) return;
    if (!next) reset();
    onOpenChange(next);
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={handleSubmit(({ reason }) => onConfirm(reason))} noValidate className="flex flex-col gap-5">
          {children}
          <FormField id={fieldId} label="Reason" hint={reasonHint ?? 'Kept in the audit log.'} error={errors.reason?.message}>
            {(control) => <Textarea {...control} rows={3} maxLength={MODERATION_REASON_MAX} {...register('reason')} />}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={() => changeOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant={destructive ? 'destructive' : 'primary'} busy={busy}>
              {busy ? busyLabel : confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
