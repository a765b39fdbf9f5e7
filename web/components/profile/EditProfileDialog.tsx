// Edit Profile (SPEC §4, §8): prefilled from the member; a newly chosen picture shows at once,
// is uploaded on save and then saved with the rest of the profile.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Camera, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { IMAGE_MAX_BYTES } from '@shared/constants';
import { displayName, initials } from '@shared/format';
import { ZUpdateProfileRequest, type TUpdateProfileForm, type TUpdateProfileRequest } from '@shared/schemas/profile';
import type { TCurrentUser } from '@shared/schemas/user';
import { useUpdateProfile } from '@/api/auth';
import { uploadMedia } from '@/api/media';
import { PROJECTS_KEY } from '@/api/projects';
import { ApiError, serverMessage } from '@/api/api-error';
import { refreshCreator } from '@/api/users';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

type TTextField = Exclude<keyof TUpdateProfileForm, 'profileImageUrl'>;

const FIELDS: { name: TTextField; label: string; type?: 'url'; placeholder?: string; autoComplete?: string }[] = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  { name: 'title', label: 'Title', placeholder: 'e.g. AI Illustrator' },
  { name: 'bio', label: 'Bio' },
  { name: 'location', label: 'Location', placeholder: 'e.g. Berlin, Germany' },
  { name: 'website', label: 'Website', type: 'url', placeholder: 'https://' },
  { name: 'twitterUrl', label: 'X (Twitter) URL', type: 'url', placeholder: 'https://x.com/…' },
  { name: 'dribbbleUrl', label: 'Dribbble URL', type: 'url', placeholder: 'https://dribbble.com/…' },
  { name: 'behanceUrl', label: 'Behance URL', type: 'url', placeholder: 'https://behance.net/…' },
];

type TAvatarChoice = { kind: 'keep' } | { kind: 'new'; file: File; previewUrl: string } | { kind: 'remove' };

interface EditProfileDialogProps {
  user: TCurrentUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function EditProfileDialog({ user, open, onOpenChange }: EditProfileDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    // Stays open while saving, so the outcome is seen where it was asked for.
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Edit Profile</DialogTitle>
          <DialogDescription>How other members see you on your public page and next to your work.</DialogDescription>
        </DialogHeader>
        {/* Rendered only while open, so each opening starts from the member as they are now. */}
        <EditProfileForm user={user} busy={busy} setBusy={setBusy} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

interface EditProfileFormProps {
  user: TCurrentUser;
  busy: boolean;
  setBusy: (busy: boolean) => void;
  onDone: () => void;
}

function EditProfileForm({ user, busy, setBusy, onDone }: EditProfileFormProps) {
  const client = useQueryClient();
  const update = useUpdateProfile();
  const fileInput = useRef<HTMLInputElement>(null);
  const [avatar, setAvatar] = useState<TAvatarChoice>({ kind: 'keep' });

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TUpdateProfileForm, unknown, TUpdateProfileRequest>({
    resolver: zodResolver(ZUpdateProfileRequest),
    defaultValues: Object.fromEntries(FIELDS.map(({ name }) => [name, user[name] ?? ''])),
  });

  // A preview's object URL lives as long as it is shown: freed when replaced and when the form goes.
  const shownPreview = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (shownPreview.current) URL.revokeObjectURL(shownPreview.current);
    },
    [],
  );
  function changeAvatar(next: TAvatarChoice) {
    if (shownPreview.current) URL.revokeObjectURL(shownPreview.current);
    shownPreview.current = next.kind === 'new' ? next.previewUrl : null;
    setAvatar(next);
  }

  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refusal = !file.type.startsWith('image/')
      ? `${file.name}: Only images are supported`
      : file.size > IMAGE_MAX_BYTES
        ? `${file.name}: File size exceeds ${IMAGE_MAX_BYTES / (1024 * 1024)}MB limit`
        : null;
    if (refusal) {
      toast.error('File validation failed', { description: refusal });
      return;
    }
    changeAvatar({ kind: 'new', file, previewUrl: URL.createObjectURL(file) });
  }

  /** The picture to save: the new upload's card rendition (400 px), none, or unchanged (left out). */
  async function profileImageUrl(): Promise<string | null | undefined> {
    if (avatar.kind === 'keep') return undefined;
    if (avatar.kind === 'remove') return null;
    const { urls, files } = await uploadMedia([avatar.file]);
    const uploaded = files[0];
    const url = uploaded?.variants.card?.url ?? uploaded?.url ?? urls[0];
    if (!url) throw new Error('The server stored no picture');
    return url;
  }

  async function save(values: TUpdateProfileRequest) {
    setBusy(true);
    try {
      const image = await profileImageUrl();
      await update.mutateAsync(image === undefined ? values : { ...values, profileImageUrl: image });
    } catch (error) {
      setBusy(false);
      // Field errors from the server go next to their fields as well.
      for (const detail of (error instanceof ApiError && error.body?.details) || []) {
        if (FIELDS.some(({ name }) => name === detail.field)) setError(detail.field as TTextField, { message: detail.message });
      }
      toast.error('Update failed', { description: serverMessage(error, 'Failed to update profile') });
      return;
    }
    setBusy(false);
    // The public page and every card carry the name and picture.
    void refreshCreator(client, user.id);
    void client.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(PROJECTS_KEY) });
    toast('Profile updated', { description: 'Your changes have been saved.' });
    onDone();
  }

  const shownImage = avatar.kind === 'new' ? avatar.previewUrl : avatar.kind === 'remove' ? null : user.profileImageUrl;

  return (
    <form onSubmit={(event) => void handleSubmit(save)(event)} noValidate className="flex flex-col gap-5">
      <fieldset disabled={busy} className="flex min-w-0 flex-col gap-5">
        <div className="flex items-center gap-4">
          {/* A new key per picture: the avatar starts over instead of keeping the old image's loaded state. */}
          <Avatar key={shownImage ?? 'none'} src={shownImage} name={displayName(user)} initials={initials(user)} size="lg" />
          <div className="flex flex-wrap gap-2">
            <input ref={fileInput} type="file" accept="image/*" aria-label="Profile photo" className="hidden" onChange={chooseFile} />
            <Button type="button" variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
              <Camera className="h-4 w-4" aria-hidden />
              {shownImage ? 'Change photo' : 'Upload photo'}
            </Button>
            {shownImage && (
              <Button type="button" variant="ghost" size="sm" onClick={() => changeAvatar(user.profileImageUrl ? { kind: 'remove' } : { kind: 'keep' })}>
                <Trash2 className="h-4 w-4" aria-hidden />
                Remove photo
              </Button>
            )}
          </div>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          {FIELDS.map(({ name, label, type, placeholder, autoComplete }) => (
            <div key={name} className={name === 'bio' || name === 'title' ? 'sm:col-span-2' : undefined}>
              <FormField id={`profile-${name}`} label={label} error={errors[name]?.message}>
                {(control) =>
                  name === 'bio' ? (
                    <Textarea {...control} rows={4} placeholder="Tell people about your work and the tools you use" {...register(name)} />
                  ) : (
                    <Input {...control} type={type ?? 'text'} placeholder={placeholder} autoComplete={autoComplete} {...register(name)} />
                  )
                }
              </FormField>
            </div>
          ))}
        </div>
      </fieldset>
      <DialogFooter>
        <Button type="button" variant="outline" disabled={busy} onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          {busy ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
