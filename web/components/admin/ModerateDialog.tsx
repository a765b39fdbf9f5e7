// Dismiss, hide, restore or delete a reported (or any) project, comment or job, with a reason.
// The integrator can reuse it wherever staff meet content (a comment's menu, say).
import { toast } from 'sonner';
import type { TModerationAction, TReportTarget } from '@shared/schemas/moderation';
import { serverMessage } from '@/api/api-error';
import { useModerate } from '@/api/admin';
import { ReasonDialog } from './ReasonDialog';

interface TActionTexts {
  title: (label: string) => string;
  description: string;
  confirm: string;
  busy: string;
  done: string;
  hint?: string;
}

export const MODERATION_TEXTS: Record<TModerationAction, TActionTexts> = {
  dismiss: {
    title: (label) => `Dismiss the reports on “${label}”?`,
    description: 'The reports are closed and it stays as it is.',
    confirm: 'Dismiss Reports',
    busy: 'Dismissing...',
    done: 'Reports dismissed',
  },
  hide: {
    title: (label) => `Hide “${label}”?`,
    description: 'Nobody but its owner and the moderators will see it. Its owner sees your reason.',
    confirm: 'Hide',
    busy: 'Hiding...',
    done: 'Hidden',
    hint: 'Shown to its owner and kept in the audit log.',
  },
  restore: {
    title: (label) => `Restore “${label}”?`,
    description: 'Everyone will see it again.',
    confirm: 'Restore',
    busy: 'Restoring...',
    done: 'Restored',
  },
  delete: {
    title: (label) => `Delete “${label}” for good?`,
    description: "It is removed for everyone, its owner included. This can't be undone.",
    confirm: 'Delete',
    busy: 'Deleting...',
    done: 'Deleted',
  },
};

export interface TModerationChoice {
  action: TModerationAction;
  targetType: TReportTarget;
  targetId: number;
  label: string;
}

/** Open while `choice` is set; `onClose` clears it (after success too). */
export function ModerateDialog({ choice, onClose }: { choice: TModerationChoice | null; onClose: () => void }) {
  const moderate = useModerate();
  const texts = choice ? MODERATION_TEXTS[choice.action] : MODERATION_TEXTS.dismiss;

  function confirm(reason: string) {
    if (!choice) return;
    const { action, targetType, targetId, label } = choice;
    moderate.mutate(
      { action, targetType, targetId, reason },
      {
        onSuccess: () => {
          toast(texts.done, { description: label });
          onClose();
        },
        onError: (error) => toast.error('That did not work', { description: serverMessage(error, 'Please try again.') }),
      },
    );
  }

  return (
    <ReasonDialog
      // A fresh form per choice: a reason typed for one target never carries over to another.
      key={choice ? `${choice.action}-${choice.targetType}-${choice.targetId}` : 'closed'}
      open={choice !== null}
      onOpenChange={(open) => !open && onClose()}
      title={texts.title(choice?.label ?? '')}
      description={texts.description}
      confirmLabel={texts.confirm}
      busyLabel={texts.busy}
      busy={moderate.isPending}
      destructive={choice?.action === 'delete'}
      reasonHint={texts.hint}
      onConfirm={confirm}
    />
  );
}
