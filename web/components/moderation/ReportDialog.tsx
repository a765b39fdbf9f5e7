// The report form (issue 14): why (REPORT_REASONS in the contract's order, the gravest first) and
// a note, for a project, comment, job or member. A module of its own: ReportButton loads it on
// the first click, so pages do not carry the form until someone reports.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { REPORT_NOTE_MAX, REPORT_REASON_LABELS, REPORT_REASONS, ZReportRequest, type TReportTarget } from '@shared/schemas/moderation';
import { ApiError, limitMessage, serverMessage } from '@/api/api-error';
import { useReport } from '@/api/reports';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';

export interface TReportTargetRef {
  targetType: TReportTarget;
  targetId: number;
  /** What is reported, as people call it: the project's title, the member's name. */
  label: string;
}

const TARGET_NOUNS: Record<TReportTarget, string> = { project: 'project', comment: 'comment', job: 'job listing', member: 'member' };

/** Why a report was refused, in words the reporter can act on. */
function refusal(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) return 'You have already reported this.';
  return limitMessage(error) ?? serverMessage(error, 'Failed to send your report. Please try again.');
}

interface ReportDialogProps extends TReportTargetRef {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export default function ReportDialog({ targetType, targetId, label, open, onOpenChange }: ReportDialogProps) {
  const report = useReport();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ZReportRequest), defaultValues: { targetType, targetId, note: '' } });

  const onSubmit = handleSubmit((body) =>
    report.mutate(body, {
      onSuccess: () => {
        onOpenChange(false);
        reset();
        toast('Thanks — a moderator will review your report.');
      },
      onError: (error) => toast.error('Report not sent', { description: refusal(error) }),
    }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Report this {TARGET_NOUNS[targetType]}</DialogTitle>
          <DialogDescription>
            Tell the moderators what is wrong with “{label}”. Only they see your report.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <fieldset className="flex flex-col gap-2" aria-describedby={errors.reason ? 'report-reason-error' : undefined}>
            <legend className="mb-1 text-sm font-medium text-ink">Reason</legend>
            {REPORT_REASONS.map((reason) => (
              <label key={reason} className="flex cursor-pointer items-center gap-2.5 rounded-lg px-1 py-1 text-sm text-zinc-800">
                <input type="radio" value={reason} className="h-4 w-4 accent-accent" {...register('reason')} />
                {REPORT_REASON_LABELS[reason]}
              </label>
            ))}
            {errors.reason && (
              <p id="report-reason-error" role="alert" className="text-[13px] font-medium text-red-600">
                Please choose a reason
              </p>
            )}
          </fieldset>
          <FormField id="report-note" label="Note (optional)" hint="What should the moderators look at?" error={errors.note?.message}>
            {(control) => <Textarea {...control} rows={3} maxLength={REPORT_NOTE_MAX} {...register('note')} />}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" busy={report.isPending}>
              {report.isPending ? 'Sending...' : 'Send Report'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
