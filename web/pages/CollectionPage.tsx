// A collection's page (/collections/{id}): its projects as gallery cards, latest saved first.
// Its owner renames it, makes it public or private, deletes it and removes projects from it;
// anyone else sees a public one, and a private one is not found.
import { zodResolver } from '@hookform/resolvers/zod';
import { FolderX, Globe, Lock, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { ZCollectionForm, type TCollectionForm, type TCollectionPage } from '@shared/schemas/collection';
import type { TProject } from '@shared/schemas/project';
import { ApiError, limitMessage, serverMessage } from '@/api/api-error';
import { useCollection, useDeleteCollection, useSaveToCollection, useUpdateCollection } from '@/api/collections';
import { GalleryError } from '@/components/gallery/GalleryStates';
import { ProjectPages } from '@/components/gallery/ProjectPages';
import { NotFoundPanel } from '@/components/page/NotFoundPanel';
import { PageContainer } from '@/components/page/PageContainer';
import { AlertDialog, ConfirmDialogContent } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { StatePanel } from '@/components/ui/state-panel';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { showFieldErrors } from '@/lib/field-errors';
import { creatorPath } from '@/lib/paths';
import { wholeNumber } from '@shared/format';

export default function CollectionPage() {
  const { id = '' } = useParams();
  if (!/^[1-9]\d{0,9}$/.test(id)) return <CollectionNotFound />;
  return <Collection key={id} id={Number(id)} />;
}

function Collection({ id }: { id: number }) {
  const query = useCollection(id);
  const first = query.data?.pages[0];
  if (first) {
    const list = { ...query, data: { pages: query.data!.pages.map((page) => ({ items: page.projects })) } };
    return <CollectionDetail collection={first} list={list} />;
  }
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) return <CollectionNotFound />;
    return (
      <PageContainer>
        <GalleryError onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </PageContainer>
    );
  }
  return <CollectionSkeleton />;
}

type TProjectList = Parameters<typeof ProjectPages>[0]['list'];

function CollectionDetail({ collection, list }: { collection: TCollectionPage; list: TProjectList }) {
  useDocumentTitle(collection.name, `A collection of AI work by ${collection.owner.name}.`);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateCollection(collection.id);
  const remove = useSaveToCollection();
  const count = collection.projectCount;

  const toggleVisibility = () =>
    update.mutate(
      { isPublic: !collection.isPublic },
      {
        onSuccess: (changed) => toast(changed.isPublic ? 'Collection is now public' : 'Collection is now private'),
        onError: (error) => toast.error('Error', { description: limitMessage(error) ?? serverMessage(error, 'Failed to update the collection. Please try again.') }),
      },
    );
  const removeProject = (project: TProject) =>
    remove.mutate(
      { collectionId: collection.id, projectId: project.id, saved: false },
      {
        onSuccess: () => toast(`Removed from ${collection.name}`),
        onError: (error) => toast.error('Error', { description: limitMessage(error) ?? serverMessage(error, 'Failed to remove the project. Please try again.') }),
      },
    );

  return (
    <PageContainer>
      <header className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div className="flex min-w-0 flex-col gap-2">
          <p className="flex items-center gap-1.5 text-[13px] font-medium text-zinc-600">
            {collection.isPublic ? <Globe className="h-4 w-4" aria-hidden /> : <Lock className="h-4 w-4" aria-hidden />}
            {collection.isPublic ? 'Public collection' : 'Private collection'}
          </p>
          <h1 className="text-3xl font-semibold tracking-tight break-words">{collection.name}</h1>
          <p className="text-[13px] text-zinc-600">
            by{' '}
            <Link to={creatorPath(collection.owner.id)} className="rounded-sm font-medium text-ink hover:text-accent">
              {collection.owner.name}
            </Link>{' '}
            · {wholeNumber(count)} {count === 1 ? 'project' : 'projects'}
          </p>
        </div>
        {collection.isOwner && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => setRenaming(true)}>
              <Pencil className="h-4 w-4" aria-hidden />
              Rename
            </Button>
            <Button variant="outline" size="sm" busy={update.isPending} onClick={toggleVisibility}>
              {collection.isPublic ? <Lock className="h-4 w-4" aria-hidden /> : <Globe className="h-4 w-4" aria-hidden />}
              {collection.isPublic ? 'Make Private' : 'Make Public'}
            </Button>
            <Button variant="outline" size="sm" onClick={() => setDeleting(true)}>
              <Trash2 className="h-4 w-4" aria-hidden />
              Delete
            </Button>
          </div>
        )}
      </header>

      <section aria-label="Projects in this collection" className="mt-10">
        <ProjectPages
          list={list}
          empty={
            <StatePanel icon={FolderX} title="No projects in this collection yet" text={collection.isOwner ? 'Open any project and press Save to add it here.' : 'Nothing has been saved here yet.'}>
              <Button asChild variant="outline">
                <Link to="/">Explore projects</Link>
              </Button>
            </StatePanel>
          }
          actions={
            collection.isOwner
              ? (project) => (
                  <Button variant="outline" size="sm" onClick={() => removeProject(project)} aria-label={`Remove ${project.title} from this collection`}>
                    Remove
                  </Button>
                )
              : undefined
          }
        />
      </section>

      {collection.isOwner && (
        <>
          <RenameDialog collection={collection} open={renaming} onOpenChange={setRenaming} />
          <DeleteDialog collection={collection} open={deleting} onOpenChange={setDeleting} />
        </>
      )}
    </PageContainer>
  );
}

function RenameDialog({ collection, open, onOpenChange }: { collection: TCollectionPage; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Rename collection</DialogTitle>
          <DialogDescription>Up to 60 characters.</DialogDescription>
        </DialogHeader>
        {open && <RenameForm collection={collection} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function RenameForm({ collection, onDone }: { collection: TCollectionPage; onDone: () => void }) {
  const update = useUpdateCollection(collection.id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TCollectionForm>({ resolver: zodResolver(ZCollectionForm), defaultValues: { name: collection.name, isPublic: collection.isPublic } });
  const submit = handleSubmit(async ({ name }) => {
    try {
      await update.mutateAsync({ name });
      toast('Collection renamed');
      onDone();
    } catch (error) {
      if (showFieldErrors(error, setError, ['name'])) return;
      toast.error('Error', { description: limitMessage(error) ?? serverMessage(error, 'Failed to rename the collection. Please try again.') });
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
      <FormField id="collection-name" label="Collection name" error={errors.name?.message}>
        {(control) => <Input {...control} {...register('name')} autoFocus maxLength={80} />}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" busy={isSubmitting}>
          Save Name
        </Button>
      </DialogFooter>
    </form>
  );
}

function DeleteDialog({ collection, open, onOpenChange }: { collection: TCollectionPage; open: boolean; onOpenChange: (open: boolean) => void }) {
  const remove = useDeleteCollection(collection.id);
  const navigate = useNavigate();
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast('Collection deleted');
        void navigate('/profile?tab=collections');
      },
      onError: (error) => toast.error('Error', { description: serverMessage(error, 'Failed to delete the collection. Please try again.') }),
    });
  return (
    <AlertDialog open={open} onOpenChange={(next) => (!next && !remove.isPending ? onOpenChange(false) : undefined)}>
      <ConfirmDialogContent
        title="Delete this collection?"
        description={`“${collection.name}” will be removed. The projects in it stay where they are.`}
        confirmLabel={remove.isPending ? 'Deleting...' : 'Delete Collection'}
        busy={remove.isPending}
        onConfirm={confirm}
      />
    </AlertDialog>
  );
}

function CollectionNotFound() {
  return <NotFoundPanel icon={FolderX} title="Collection not found" text="This collection doesn't exist or is private." back={{ to: '/', label: 'Back to Home' }} />;
}

function CollectionSkeleton() {
  useDocumentTitle('Collection', 'A collection of AI work.');
  return (
    <PageContainer>
      <span role="status" className="sr-only">
        Loading collection...
      </span>
      <Skeleton className="h-4 w-32" />
      <Skeleton className="mt-3 h-9 w-72" />
      <Skeleton className="mt-3 h-4 w-48" />
    </PageContainer>
  );
}
