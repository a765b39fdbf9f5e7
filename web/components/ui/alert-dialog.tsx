// A confirmation dialog (Radix AlertDialog: focus starts on Cancel, no closing by clicking outside).
import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import { isValidElement, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';

export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;
export const AlertDialogCancel = AlertDialogPrimitive.Cancel;

export function AlertDialogContent({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Content>) {
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 animate-fade-in bg-black/50" />
      <AlertDialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 animate-pop-in flex-col gap-4 overflow-y-auto rounded-xl bg-white p-6 shadow-xl',
          className,
        )}
        {...props}
      />
    </AlertDialogPrimitive.Portal>
  );
}

export function AlertDialogTitle({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Title>) {
  return <AlertDialogPrimitive.Title className={cn('text-lg font-semibold text-ink', className)} {...props} />;
}

export function AlertDialogDescription({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Description>) {
  return <AlertDialogPrimitive.Description className={cn('text-sm text-zinc-600', className)} {...props} />;
}

export function AlertDialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

interface ConfirmDialogContentProps {
  title: ReactNode;
  /** Text, or one element (a list of what goes) that becomes the description itself. */
  description: ReactNode;
  confirmLabel: ReactNode;
  /** While the action runs: Cancel is disabled and the confirm button spins. */
  busy: boolean;
  onConfirm: () => void;
}

/**
 * The body of a destructive confirmation: title, description, Cancel and the confirm button. The
 * confirm button is a plain button, not AlertDialog.Action, so the dialog stays open while the
 * call runs and can show its failure.
 */
export function ConfirmDialogContent({ title, description, confirmLabel, busy, onConfirm }: ConfirmDialogContentProps) {
  return (
    <AlertDialogContent>
      <AlertDialogTitle>{title}</AlertDialogTitle>
      <AlertDialogDescription asChild={isValidElement(description)}>{description}</AlertDialogDescription>
      <AlertDialogFooter>
        <AlertDialogCancel asChild>
          <Button variant="outline" disabled={busy}>
            Cancel
          </Button>
        </AlertDialogCancel>
        <Button variant="destructive" busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </AlertDialogFooter>
    </AlertDialogContent>
  );
}
