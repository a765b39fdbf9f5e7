// Upload (SPEC §2, §4, §5): a members-only form; files go up first, then the project is created and
// the creator lands on its page with a 'Your project is live' notice (issue 16). Files dropped
// anywhere on the page are taken; a half-filled form asks before it is left.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { TIMINGS } from '@shared/constants';
import { MAX_MEDIA_PER_PROJECT, ZProjectForm, type TProjectForm } from '@shared/schemas/project';
import { useCurrentUser } from '@/api/auth';
import { uploadMedia } from '@/api/media';
import { useCreateProject } from '@/api/projects';
import { limitMessage, serverMessage } from '@/api/api-error';
import { PageContainer } from '@/components/page/PageContainer';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageSpinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { CategoryPicker } from '@/components/upload/CategoryPicker';
import { MatureCheckbox } from '@/components/upload/MatureCheckbox';
import { LeaveGuard, replacesGuardEntry } from '@/components/upload/LeaveGuard';
import { MediaPicker, type TSelectedFile } from '@/components/upload/MediaPicker';
import type { TPublishedState } from '@/components/project/PublishedNotice';
import { TagInput } from '@/components/upload/TagInput';
import { mapInOrder } from '@/components/upload/upload-in-order';
import { checkFiles } from '@/components/upload/validate-files';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { useWindowFileDrop } from '@/hooks/useWindowFileDrop';
import { projectPath } from '@/lib/paths';
import { signInPath } from '@/lib/return-to';

/** Files sent side by side: each gets a true progress bar, and a slow video does not hold up the rest. */
const PARALLEL_UPLOADS = 2;

type TPhase = 'idle' | 'uploading' | 'creating';

const SUBMIT_LABELS: Record<TPhase, string> = {
  idle: 'Publish Project',
  uploading: 'Uploading Media...',
  creating: 'Creating Project...',
};

export default function UploadPage() {
  useDocumentTitle('Share Your Work', 'Showcase your AI skills: upload images, GIFs and videos as a project for the community and clients to discover.');
  const { isSignedIn, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner />;
  if (!isSignedIn) return <SignedOutRedirect />;
  return <UploadForm />;
}

/** SPEC §2: signed out, say so and go to /login after 500 ms; signing in comes back here (issue 16). */
function SignedOutRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    // A fixed id: a second run of this effect replaces the toast instead of stacking another.
    toast.error('Unauthorized', { id: 'upload-signed-out', description: 'You are logged out. Logging in again...' });
    const timer = window.setTimeout(() => void navigate(signInPath({ next: '/upload' }), { replace: true }), TIMINGS.loggedOutUploadRedirect);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return <PageSpinner />;
}

let fileCounter = 0;

function UploadForm() {
  const navigate = useNavigate();
  const createProject = useCreateProject();
  const [files, setFiles] = useState<TSelectedFile[]>([]);
  const [tags, setTags] = useState<string[]>([]);
  const [isMature, setIsMature] = useState(false);
  const [phase, setPhase] = useState<TPhase>('idle');
  const [published, setPublished] = useState(false);
  const previewUrls = useRef(new Set<string>());
  const busy = phase !== 'idle';

  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm({ resolver: zodResolver(ZProjectForm), defaultValues: { title: '', description: '', categories: [] } satisfies TProjectForm });

  useEffect(() => {
    const urls = previewUrls.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  function addFiles(chosen: File[]) {
    const { accepted: valid, errors: refusals } = checkFiles(chosen);
    // Not the SPEC's 5-file hint: the server's own limit, which would refuse the project after every upload.
    const room = Math.max(0, MAX_MEDIA_PER_PROJECT - files.length);
    const accepted = valid.slice(0, room);
    for (const file of valid.slice(room)) refusals.push(`${file.name}: At most ${MAX_MEDIA_PER_PROJECT} media files per project`);
    if (refusals.length) {
      toast.error('File validation failed', { description: <FileErrors messages={refusals} /> });
    }
    const added = accepted.map((file): TSelectedFile => {
      const previewUrl = URL.createObjectURL(file);
      previewUrls.current.add(previewUrl);
      fileCounter += 1;
      return { key: `file-${fileCounter}`, file, previewUrl, progress: 0, url: null };
    });
    if (added.length) setFiles((current) => [...current, ...added]);
  }

  useWindowFileDrop(addFiles, !busy);
  const dirty = !published && (isDirty || files.length > 0 || tags.length > 0 || isMature);

  function removeFile(key: string) {
    const removed = files.find((item) => item.key === key);
    if (removed) {
      URL.revokeObjectURL(removed.previewUrl);
      previewUrls.current.delete(removed.previewUrl);
    }
    setFiles((current) => current.filter((item) => item.key !== key));
  }

  const updateFile = (key: string, changes: Partial<TSelectedFile>) =>
    setFiles((current) => current.map((item) => (item.key === key ? { ...item, ...changes } : item)));

  /** SPEC §5: media and tags live outside the form schema; each missing one gets its toast. */
  function mediaAndTagsPresent(): boolean {
    if (!files.length) {
      toast.error('Media required', { description: 'Please select at least one media file.' });
      return false;
    }
    if (!tags.length) {
      toast.error('Tags required', { description: 'Please add at least one tag.' });
      return false;
    }
    return true;
  }

  /** Sends the files not sent yet, PARALLEL_UPLOADS at a time; answers every URL in the files' order. */
  function uploadFiles(): Promise<string[]> {
    return mapInOrder(files, PARALLEL_UPLOADS, async (item) => {
      if (item.url) return item.url;
      const { urls } = await uploadMedia([item.file], (progress) => updateFile(item.key, { progress }));
      const url = urls[0];
      if (!url) throw new Error(`The server stored nothing for ${item.file.name}`);
      updateFile(item.key, { url, progress: 1 });
      return url;
    });
  }

  async function publish(values: z.output<typeof ZProjectForm>) {
    if (!mediaAndTagsPresent()) return;
    setPhase('uploading');
    let images: string[];
    try {
      images = await uploadFiles();
    } catch (error) {
      setPhase('idle');
      // The server names the refused file ('clip.mov: File size exceeds 20MB limit'): worth showing too.
      const detail = serverMessage(error, '');
      toast.error('Upload failed', { description: <FileErrors messages={['Failed to upload media files. Please try again.', ...(detail ? [detail] : [])]} /> });
      return;
    }
    setPhase('creating');
    createProject.mutate(
      { title: values.title, description: values.description ?? '', category: values.categories.join(','), images, tags, isMature },
      {
        onSuccess: (project) => {
          setPublished(true);
          toast.success('Project uploaded!', { description: 'Your project is now live.' });
          // SPEC §2 and §4 send members to / (or /profile); issue 16 replaced that: they land on the
          // new project (not in the default Trending grid yet) with its 'live' notice and share actions.
          const state: TPublishedState = { publishedProjectId: project.id };
          void navigate(projectPath(project), { state, replace: replacesGuardEntry() });
        },
        onError: (error) => {
          setPhase('idle');
          toast.error('Upload failed', { description: limitMessage(error) ?? 'There was an error uploading your project. Please try again.' });
        },
      },
    );
  }

  const onSubmit = handleSubmit(
    (values) => void publish(values),
    () => mediaAndTagsPresent(),
  );

  return (
    <PageContainer>
      <LeaveGuard dirty={dirty} />
      <div className="mx-auto flex max-w-[560px] flex-col gap-8">
        <header>
          <h1 className="text-3xl font-semibold tracking-tight">Share Your Work</h1>
          <p className="mt-2 text-zinc-600">Prompters, this is your stage: showcase your AI skills and share the images, GIFs and videos you are proudest of.</p>
        </header>
        <form onSubmit={onSubmit} noValidate>
          {/* A disabled fieldset disables every control inside while the upload runs. */}
          <fieldset disabled={busy} className="flex min-w-0 flex-col gap-6">
            <FormField id="project-title" label="Title" error={errors.title?.message}>
              {(field) => <Input {...field} placeholder="Give your project a name" {...register('title')} />}
            </FormField>
            <FormField id="project-description" label="Description (optional)" error={errors.description?.message}>
              {(field) => <Textarea {...field} rows={4} placeholder="What did you make, and how?" {...register('description')} />}
            </FormField>
            <Controller
              control={control}
              name="categories"
              render={({ field }) => <CategoryPicker value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.categories?.message} />}
            />
            <MediaPicker files={files} onAdd={addFiles} onRemove={removeFile} uploading={phase === 'uploading'} disabled={busy} />
            <TagInput tags={tags} onChange={setTags} />
            <MatureCheckbox id="project-mature" checked={isMature} onChange={setIsMature} />
            <div className="flex justify-end">
              <Button type="submit" size="lg" busy={busy}>
                {SUBMIT_LABELS[phase]}
              </Button>
            </div>
          </fieldset>
        </form>
      </div>
    </PageContainer>
  );
}

/** Several messages in one toast, one per line. */
function FileErrors({ messages }: { messages: string[] }) {
  return (
    <ul>
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}
