// Settings: a new e-mail address, confirmed from a link sent there; the old address is told.
import { zodResolver } from '@hookform/resolvers/zod';
import { Mail } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ZChangeEmailRequest } from '@shared/schemas/credentials';
import { serverMessage } from '@/api/api-error';
import { useChangeEmail } from '@/api/credentials';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { showFieldErrors } from '@/lib/field-errors';
import { SettingsSection } from './SettingsSection';

export function ChangeEmailSection() {
  const change = useChangeEmail();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ZChangeEmailRequest), defaultValues: { newEmail: '', password: '' } });

  const onSubmit = handleSubmit((body) =>
    change.mutate(body, {
      onSuccess: (answer) => {
        reset();
        toast('Check your new address', { description: answer.message });
      },
      onError: (error) => {
        if (showFieldErrors(error, setError, ['newEmail', 'password'])) return;
        toast.error('E-mail not changed', { description: serverMessage(error, 'Failed to change the e-mail address. Please try again.') });
      },
    }),
  );

  return (
    <SettingsSection id="change-email" title="Change e-mail" icon={Mail}>
      {change.data && (
        <p role="status" className="rounded-lg bg-zinc-50 p-3 text-[13px] text-zinc-700">
          {change.data.message}
        </p>
      )}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormField id="settings-new-email" label="New e-mail" error={errors.newEmail?.message}>
          {(control) => <Input {...control} type="email" autoComplete="email" {...register('newEmail')} />}
        </FormField>
        <FormField id="settings-email-password" label="Your password" error={errors.password?.message}>
          {(control) => <Input {...control} type="password" autoComplete="current-password" {...register('password')} />}
        </FormField>
        <Button type="submit" size="sm" className="self-end" busy={change.isPending}>
          {change.isPending ? 'Sending...' : 'Send confirmation link'}
        </Button>
      </form>
    </SettingsSection>
  );
}
