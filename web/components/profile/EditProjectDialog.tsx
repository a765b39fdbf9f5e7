// Editing one of the member's projects from the profile: title, description, categories, tags, prompt visibility.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { UPLOAD_CATEGORIES, type TUploadCategory } from '@shared/constants';
import { ZProjectForm, type TProject, type TProjectForm } from '@shared/schemas/project';
import { useUpdateProject } from '@/api/projects';
import { serverMessage } from '@/api/api-error';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { CategoryPicker } from '@/components/upload/CategoryPicker';
import { MatureCheckbox } from '@/components/upload/MatureCheckbox';
import { TagInput } from '@/components/upload/TagInput';

const isUploadCategory = (value: string): value is TUploadCategory => (UPLOAD_CATEGORIES as readonly string[]).includes(value);

interface EditProjectDialogProps {
  /** The project being edited; null keeps the dialog closed. */
  project: TProject | null;
  onClose: () => void;
  onSaved: () => void;
}

export function EditProjectDialog({ project, onClose, onSaved }: EditProjectDialogProps) {
  const update = useUpdateProject();
  return (
    <Dialog open={project !== null} onOpenChange={(open) => (!open && !update.isPending ? onClose() : undefined)}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Edit Project</DialogTitle>
          <DialogDescription>Changes show everywhere the project appears.</DialogDescription>
        </DialogHeader>
        {project && <EditProjectForm key={project.id} project={project} update={update} onClose={onClose} onSaved={onSaved} />}
      </DialogContent>
    </Dialog>
  );
}

interface EditProjectFormProps {
  project: TProject;
  update: ReturnType<typeof useUpdateProject>;
  onClose: () => void;
  onSaved: () => void;
}

function EditProjectForm({ project, update, onClose, onSaved }: EditProjectFormProps) {
  const [tags, setTags] = useState(project.tags);
  const [hidePrompt, setHidePrompt] = useState(project.hidePrompt);
  const [isMature, setIsMature] = useState(project.isMature);
  const busy = update.isPending;
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ZProjectForm),
    defaultValues: { title: project.title, description: project.description ?? '', categories: project.categories.filter(isUploadCategory) } satisfies TProjectForm,
  });

  const tagsPresent = () => {
    if (tags.length) return true;
    toast.error('Tags required', { description: 'Please add at least one tag.' });
    return false;
  };

  const onSubmit = handleSubmit((values) => {
    if (!tagsPresent()) return;
    update.mutate(
      { id: project.id, changes: { title: values.title, description: values.description ?? '', category: values.categories.join(','), tags, hidePrompt, isMature } },
      {
        onSuccess: () => {
          toast('Project updated', { description: `“${values.title}” has been saved.` });
          onSaved();
        },
        onError: (error) => toast.error('Update failed', { description: serverMessage(error, 'Failed to update project') }),
      },
    );
  }, tagsPresent);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-5">
      <fieldset disabled={busy} className="flex min-w-0 flex-col gap-5">
        <FormField id="edit-project-title" label="Title" error={errors.title?.message}>
          {(field) => <Input {...field} {...register('title')} />}
        </FormField>
        <FormField id="edit-project-description" label="Description (optional)" error={errors.description?.message}>
          {(field) => <Textarea {...field} rows={4} {...register('description')} />}
        </FormField>
        <Controller
          control={control}
          name="categories"
          render={({ field }) => <CategoryPicker value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.categories?.message} />}
        />
        <TagInput tags={tags} onChange={setTags} />
        <div className="flex items-start justify-between gap-4 rounded-xl border border-zinc-200 p-4">
          <div className="flex flex-col gap-1">
            <Label htmlFor="edit-project-hide-prompt">Hide prompt and settings from others</Label>
            <p id="edit-project-hide-prompt-hint" className="text-[13px] text-zinc-500">
              The prompt, model and generation settings read from your files stay visible only to you.
            </p>
          </div>
          <Switch id="edit-project-hide-prompt" checked={hidePrompt} onCheckedChange={setHidePrompt} aria-describedby="edit-project-hide-prompt-hint" />
        </div>
        <MatureCheckbox id="edit-project-mature" checked={isMature} onChange={setIsMature} />
      </fieldset>
      <DialogFooter>
        <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          {busy ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
