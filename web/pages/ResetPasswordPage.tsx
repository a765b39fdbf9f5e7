// /reset-password?token=…: a new password from the mailed link; on success the member is signed in.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { INVALID_RESET_LINK, ZResetPasswordForm } from '@shared/schemas/credentials';
import { ApiError, serverMessage } from '@/api/api-error';
import { useResetPassword } from '@/api/credentials';
import { AuthCard } from '@/components/auth/AuthCard';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { showFieldErrors } from '@/lib/field-errors';

export default function ResetPasswordPage() {
  useDocumentTitle('Reset Password', 'Choose a new password for your account.');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ZResetPasswordForm), defaultValues: { token, password: '', confirmPassword: '' } });

  const onSubmit = handleSubmit(({ password }) =>
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast('Password changed', { description: 'You are signed in with your new password.' });
          void navigate('/profile');
        },
        onError: (error) => {
          // A refused password shows under its field, a refused link in the alert above the form.
          if (showFieldErrors(error, setError, ['password']) || (error instanceof ApiError && error.status === 400)) return;
          toast.error('Reset failed', { description: serverMessage(error, 'Failed to reset the password. Please try again.') });
        },
      },
    ),
  );

  // A link whose token the server refused (or a page opened without one): ask for a new link.
  const linkRefused = !token || (reset.error instanceof ApiError && reset.error.status === 400 && !reset.error.body?.details?.length);

  return (
    <AuthCard
      title="Choose a new password"
      description="Your new password works at once; every other session of your account is signed out."
      switchPrompt={
        <>
          Need a new link?{' '}
          <Link to="/forgot-password" className="rounded-sm font-medium text-accent hover:text-accent-hover">
            Request one
          </Link>
        </>
      }
    >
      {linkRefused && (
        <p role="alert" className="mb-5 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-700">
          {token && reset.error ? serverMessage(reset.error, INVALID_RESET_LINK) : INVALID_RESET_LINK}{' '}
          <Link to="/forgot-password" className="rounded-sm font-medium underline">
            Request a new link
          </Link>
        </p>
      )}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <FormField
          id="reset-password"
          label="New password"
          error={errors.password?.message}
          hint="Use at least 8 characters with an uppercase letter, a lowercase letter, a number and a special character (@$!%*?&)."
        >
          {(control) => <Input {...control} type="password" autoComplete="new-password" {...register('password')} />}
        </FormField>
        <FormField id="reset-confirm-password" label="Confirm password" error={errors.confirmPassword?.message}>
          {(control) => <Input {...control} type="password" autoComplete="new-password" {...register('confirmPassword')} />}
        </FormField>
        <div className="flex justify-end">
          <Button type="submit" busy={reset.isPending || reset.isSuccess} disabled={!token}>
            Set new password
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
