// Settings: a new password, the current one required. Other sessions are signed out; this one stays.
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ZChangePasswordForm } from '@shared/schemas/credentials';
import { serverMessage } from '@/api/api-error';
import { useChangePassword } from '@/api/credentials';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { showFieldErrors } from '@/lib/field-errors';
import { SettingsSection } from './SettingsSection';

export function ChangePasswordSection() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ZChangePasswordForm), defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' } });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset();
          toast('Password changed', { description: 'Your other sessions have been signed out.' });
        },
        onError: (error) => {
          if (showFieldErrors(error, setError, ['currentPassword', 'newPassword'])) return;
          toast.error('Password not changed', { description: serverMessage(error, 'Failed to change the password. Please try again.') });
        },
      },
    ),
  );

  return (
    <SettingsSection id="change-password" title="Change password" icon={KeyRound}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormField id="settings-current-password" label="Current password" error={errors.currentPassword?.message}>
          {(control) => <Input {...control} type="password" autoComplete="current-password" {...register('currentPassword')} />}
        </FormField>
        <FormField id="settings-new-password" label="New password" error={errors.newPassword?.message} hint="At least 8 characters; not a common password, and not your name or e-mail address.">
          {(control) => <Input {...control} type="password" autoComplete="new-password" {...register('newPassword')} />}
        </FormField>
        <FormField id="settings-confirm-password" label="Confirm new password" error={errors.confirmPassword?.message}>
          {(control) => <Input {...control} type="password" autoComplete="new-password" {...register('confirmPassword')} />}
        </FormField>
        <Button type="submit" size="sm" className="self-end" busy={change.isPending}>
          {change.isPending ? 'Saving...' : 'Change password'}
        </Button>
      </form>
    </SettingsSection>
  );
}
