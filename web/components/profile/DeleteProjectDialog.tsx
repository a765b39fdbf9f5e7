// Deleting one of the member's projects, after a confirmation (the profile's list and the project page).
import { toast } from 'sonner';
import type { TProject } from '@shared/schemas/project';
import { serverMessage } from '@/api/api-error';
import { useDeleteProject } from '@/api/projects';
import { AlertDialog, ConfirmDialogContent } from '@/components/ui/alert-dialog';

interface DeleteProjectDialogProps {
  project: TProject | null;
  onClose: () => void;
  onDeleted: () => void;
}

export function DeleteProjectDialog({ project, onClose, onDeleted }: DeleteProjectDialogProps) {
  const remove = useDeleteProject();

  function confirm() {
    if (!project) return;
    remove.mutate(project.id, {
      onSuccess: () => {
        toast('Project deleted', { description: `“${project.title}” has been removed.` });
        onDeleted();
      },
      onError: (error) => toast.error('Delete failed', { description: serverMessage(error, 'Failed to delete project') }),
    });
  }

  return (
    <AlertDialog open={project !== null} onOpenChange={(open) => (!open && !remove.isPending ? onClose() : undefined)}>
      <ConfirmDialogContent
        title="Delete this project?"
        description={`“${project?.title ?? ''}” and its media files will be removed for good, with its likes and views. This can't be undone.`}
        confirmLabel={remove.isPending ? 'Deleting...' : 'Delete Project'}
        busy={remove.isPending}
        onConfirm={confirm}
      />
    </AlertDialog>
  );
}
