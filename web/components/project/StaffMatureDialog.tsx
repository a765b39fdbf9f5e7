// The staff's mature-mark dialog (see StaffMatureControl): the reason, kept in the audit log. Loaded on the first opening.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ZMarkMatureRequest, type TProject } from '@shared/schemas/project';
import { serverMessage } from '@/api/api-error';
import { useMarkMature } from '@/api/projects';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';

const ZReasonForm = ZMarkMatureRequest.pick({ reason: true });

interface StaffMatureDialogProps {
  project: Pick<TProject, 'id' | 'title' | 'isMature'>;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export default function StaffMatureDialog({ project, title, open, onOpenChange }: StaffMatureDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {project.isMature ? `“${project.title}” will show without blur to everyone.` : `“${project.title}” will be blurred until a viewer chooses to see it, and left out of visitors' lists.`}
          </DialogDescription>
        </DialogHeader>
        <ReasonForm project={project} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ReasonForm({ project, onDone }: { project: Pick<TProject, 'id' | 'isMature'>; onDone: () => void }) {
  const mark = useMarkMature();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ZReasonForm), defaultValues: { reason: '' } });
  const onSubmit = handleSubmit(({ reason }) =>
    mark.mutate(
      { id: project.id, body: { isMature: !project.isMature, reason } },
      {
        onSuccess: (updated) => {
          toast(updated.isMature ? 'Marked as mature' : 'Mature mark removed');
          onDone();
        },
        onError: (error) => toast.error('Update failed', { description: serverMessage(error, 'Failed to update project') }),
      },
    ),
  );
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-5">
      <FormField id="mature-reason" label="Reason" error={errors.reason?.message} hint="Kept in the audit log.">
        {(field) => <Textarea {...field} rows={3} {...register('reason')} />}
      </FormField>
      <DialogFooter>
        <Button type="submit" busy={mark.isPending}>
          {mark.isPending ? 'Saving...' : 'Save'}
        </Button>
      </DialogFooter>
    </form>
  );
}
