// Moderators and admins mark any project as mature (or take the mark off), saying why.
import { zodResolver } from '@hookform/resolvers/zod';
import { EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ZMarkMatureRequest, type TProject } from '@shared/schemas/project';
import { isStaff } from '@shared/schemas/user';
import { serverMessage } from '@/api/api-error';
import { useCurrentUser } from '@/api/auth';
import { useMarkMature } from '@/api/projects';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';

const ZReasonForm = ZMarkMatureRequest.pick({ reason: true });

export function StaffMatureControl({ project }: { project: Pick<TProject, 'id' | 'title' | 'isMature'> }) {
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!user || !isStaff(user.role)) return null;
  const title = project.isMature ? 'Remove the mature mark' : 'Mark as mature';
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="self-start">
          <EyeOff className="h-4 w-4" aria-hidden />
          {title}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {project.isMature ? `“${project.title}” will show without blur to everyone.` : `“${project.title}” will be blurred until a viewer chooses to see it, and left out of visitors' lists.`}
          </DialogDescription>
        </DialogHeader>
        <ReasonForm project={project} onDone={() => setOpen(false)} />
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
