// Editing one of the member's projects (from the profile or its page): title, description, categories,
// tags, prompt visibility, and its media: add (the upload rules: types, sizes, at most
// MAX_MEDIA_PER_PROJECT), remove (at least one stays), reorder and choose the cover (the first).
// New files go up first; then PATCH /api/projects/{id} takes the whole ordered list.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { UPLOAD_CATEGORIES, type TUploadCategory } from '@shared/constants';
import { MAX_MEDIA_PER_PROJECT, ZProjectForm, type TProject, type TProjectForm } from '@shared/schemas/project';
import { uploadMedia } from '@/api/media';
import { useUpdateProject } from '@/api/projects';
import { limitMessage, serverMessage } from '@/api/api-error';
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
import { mapInOrder } from '@/components/upload/upload-in-order';
import { checkFiles } from '@/components/upload/validate-files';
import { useWindowFileDrop } from '@/hooks/useWindowFileDrop';
import { makeCover, mediaChanged, moveItem, removeItem } from './edit-media';
import { EditMediaList, editMediaUrl, type TEditMedia } from './EditMediaList';

/** Files sent side by side, as on the upload page. */
const PARALLEL_UPLOADS = 2;

let newFileCounter = 0;

const isUploadCategory = (value: string): value is TUploadCategory => (UPLOAD_CATEGORIES as readonly string[]).includes(value);

interface EditProjectDialogProps {
  /** The project being edited; null keeps the dialog closed. */
  project: TProject | null;
  onClose: () => void;
  onSaved: () => void;
}

export default function EditProjectDialog({ project, onClose, onSaved }: EditProjectDialogProps) {
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
  const media = useEditMedia(project);
  const busy = update.isPending || media.uploading;
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

  const onSubmit = handleSubmit(async (values) => {
    if (!tagsPresent()) return;
    let images: string[] | undefined;
    try {
      images = await media.uploadedUrls();
    } catch (error) {
      const detail = serverMessage(error, '');
      toast.error('Upload failed', { description: detail ? `Failed to upload media files. ${detail}` : 'Failed to upload media files. Please try again.' });
      return;
    }
    update.mutate(
      {
        id: project.id,
        changes: {
          title: values.title,
          description: values.description ?? '',
          category: values.categories.join(','),
          tags,
          hidePrompt,
          isMature,
          ...(images ? { images } : {}),
        },
      },
      {
        onSuccess: () => {
          toast('Project updated', { description: `“${values.title}” has been saved.` });
          onSaved();
        },
        onError: (error) => toast.error('Update failed', { description: limitMessage(error) ?? serverMessage(error, 'Failed to update project') }),
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
        <EditMediaList
          items={media.items}
          onAdd={media.add}
          onMove={(index, delta) => media.change((items) => moveItem(items, index, delta))}
          onMakeCover={(index) => media.change((items) => makeCover(items, index))}
          onRemove={(index) => media.change((items) => removeItem(items, index))}
          uploading={media.uploading}
          disabled={busy}
        />
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
          {media.uploading ? 'Uploading Media...' : busy ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The dialog's media list, its new files' previews and uploads. */
function useEditMedia(project: TProject) {
  const [items, setItems] = useState<readonly TEditMedia[]>(() =>
    // `images` is every file in order; lists carry the details (`media`) of the cover alone.
    project.images.map((url, index) => ({ key: `stored-${index}-${url}`, kind: 'stored', url, media: project.media.find((media) => media.url === url) })),
  );
  const [uploading, setUploading] = useState(false);
  const previewUrls = useRef(new Set<string>());

  useEffect(() => {
    const urls = previewUrls.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  function add(chosen: File[]) {
    const { accepted: valid, errors: refusals } = checkFiles(chosen);
    const room = Math.max(0, MAX_MEDIA_PER_PROJECT - items.length);
    const accepted = valid.slice(0, room);
    for (const file of valid.slice(room)) refusals.push(`${file.name}: At most ${MAX_MEDIA_PER_PROJECT} media files per project`);
    if (refusals.length) toast.error('File validation failed', { description: refusals.join('\n') });
    const added = accepted.map((file): TEditMedia => {
      const previewUrl = URL.createObjectURL(file);
      previewUrls.current.add(previewUrl);
      newFileCounter += 1;
      return { key: `new-${newFileCounter}`, kind: 'new', file, previewUrl, progress: 0, url: null };
    });
    if (added.length) setItems((current) => [...current, ...added]);
  }

  // The dialog takes a file dropped anywhere on the page, and the page never opens it in the tab.
  useWindowFileDrop(add, !uploading);

  const setNew = (key: string, changes: { progress?: number; url?: string }) =>
    setItems((current) => current.map((item) => (item.key === key && item.kind === 'new' ? { ...item, ...changes } : item)));

  /** Uploads the new files not sent yet; the whole ordered list of URLs, or undefined when nothing changed. */
  async function uploadedUrls(): Promise<string[] | undefined> {
    if (!mediaChanged(project.images, items.map(editMediaUrl))) return undefined;
    setUploading(true);
    try {
      return await mapInOrder(items, PARALLEL_UPLOADS, async (item) => {
        const known = editMediaUrl(item);
        if (known !== null || item.kind !== 'new') return known!;
        const { urls } = await uploadMedia([item.file], (progress) => setNew(item.key, { progress }));
        const url = urls[0];
        if (!url) throw new Error(`The server stored nothing for ${item.file.name}`);
        setNew(item.key, { url, progress: 1 });
        return url;
      });
    } finally {
      setUploading(false);
    }
  }

  return { items, add, change: (how: (items: readonly TEditMedia[]) => readonly TEditMedia[]) => setItems(how), uploading, uploadedUrls };
}
