// The Save button's dialog (see SaveToCollection): the member's collections, ticked where they hold
// the project, and the new-collection form. Loaded on the first opening.
import { zodResolver } from '@hookform/resolvers/zod';
import { Lock, Plus } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { MAX_COLLECTIONS } from '@shared/constants';
import { ZCollectionForm, type TCollection, type TCollectionForm } from '@shared/schemas/collection';
import { limitMessage, serverMessage } from '@/api/api-error';
import { useCreateCollection, useMyCollections, useSaveToCollection } from '@/api/collections';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { showFieldErrors } from '@/lib/field-errors';
import { wholeNumber } from '@shared/format';

interface SaveDialogProps {
  project: { id: number; title: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export default function SaveDialog({ project, open, onOpenChange }: SaveDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Save to collection</DialogTitle>
          <DialogDescription>Tick the collections that should hold “{project.title}”.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: each opening asks which collections hold the project now. */}
        {open && <SaveDialogBody projectId={project.id} />}
      </DialogContent>
    </Dialog>
  );
}

function SaveDialogBody({ projectId }: { projectId: number }) {
  const list = useMyCollections({ projectId });
  const collections = list.data?.pages.flatMap((page) => page.items) ?? [];
  const [creating, setCreating] = useState(false);

  return (
    <div className="flex flex-col gap-4">
      {list.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading your collections" />
        </div>
      ) : list.isError ? (
        <p role="alert" className="text-sm text-red-600">
          We couldn't load your collections. Please try again later.
        </p>
      ) : collections.length === 0 ? (
        <p className="text-sm text-zinc-600">You have no collections yet. Make your first one below.</p>
      ) : (
        <ul aria-label="Your collections" className="flex max-h-72 flex-col gap-1 overflow-y-auto">
          {collections.map((collection) => (
            // Keyed by what the server says too: a save from the form below shows ticked once the list reloads.
            <CollectionChoice key={`${collection.id}:${String(collection.hasProject)}`} collection={collection} projectId={projectId} />
          ))}
        </ul>
      )}
      {creating ? (
        <NewCollectionForm projectId={projectId} onDone={() => setCreating(false)} />
      ) : (
        <Button variant="ghost" className="self-start" onClick={() => setCreating(true)} disabled={collections.length >= MAX_COLLECTIONS}>
          <Plus className="h-4 w-4" aria-hidden />
          New collection
        </Button>
      )}
    </div>
  );
}

function CollectionChoice({ collection, projectId }: { collection: TCollection; projectId: number }) {
  const save = useSaveToCollection();
  const [checked, setChecked] = useState(collection.hasProject === true);
  const id = `collection-choice-${collection.id}`;
  const change = (next: boolean) => {
    setChecked(next);
    save.mutate(
      { collectionId: collection.id, projectId, saved: next },
      {
        onSuccess: () => toast(next ? `Saved to ${collection.name}` : `Removed from ${collection.name}`),
        onError: (error) => {
          setChecked(!next);
          toast.error('Error', { description: limitMessage(error) ?? serverMessage(error, 'Failed to update the collection. Please try again.') });
        },
      },
    );
  };
  return (
    <li className="flex items-center gap-3 rounded-lg px-2 py-2 hover:bg-zinc-50">
      <Checkbox id={id} checked={checked} disabled={save.isPending} onCheckedChange={(value) => change(value === true)} />
      <Label htmlFor={id} className="flex min-w-0 flex-1 cursor-pointer items-center gap-2 font-normal">
        <span className="truncate">{collection.name}</span>
        {!collection.isPublic && <Lock className="h-3.5 w-3.5 shrink-0 text-zinc-500" aria-label="Private" />}
      </Label>
      <span className="text-[13px] text-zinc-600 tabular-nums">{wholeNumber(collection.projectCount)}</span>
    </li>
  );
}

/** A new collection, named and public or private; the project goes into it at once. */
function NewCollectionForm({ projectId, onDone }: { projectId: number; onDone: () => void }) {
  const create = useCreateCollection();
  const save = useSaveToCollection();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TCollectionForm>({ resolver: zodResolver(ZCollectionForm), defaultValues: { name: '', isPublic: false } });

  const submit = handleSubmit(async (values) => {
    try {
      const collection = await create.mutateAsync(values);
      await save.mutateAsync({ collectionId: collection.id, projectId, saved: true });
      toast(`Saved to ${collection.name}`);
      onDone();
    } catch (error) {
      if (showFieldErrors(error, setError, ['name'])) return;
      toast.error('Error', { description: limitMessage(error) ?? serverMessage(error, 'Failed to create the collection. Please try again.') });
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4 rounded-lg border border-zinc-200 p-4" noValidate>
      <FormField id="new-collection-name" label="Collection name" error={errors.name?.message}>
        {(control) => <Input {...control} {...register('name')} autoFocus maxLength={80} placeholder="e.g. Neon nights" />}
      </FormField>
      <Controller
        control={control}
        name="isPublic"
        render={({ field }) => (
          <div className="flex items-center gap-3">
            <Switch id="new-collection-public" checked={field.value} onCheckedChange={field.onChange} />
            <Label htmlFor="new-collection-public">Public (anyone can see it on your creator page)</Label>
          </div>
        )}
      />
      <div className="flex gap-2">
        <Button type="submit" busy={isSubmitting}>
          Create and save
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
