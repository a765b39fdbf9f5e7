import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { parseReturnTo } from '@shared/return-to';
import { ZSigninRequest } from '@shared/schemas/auth';
import { useSignin } from '@/api/auth';
import { ApiError, serverMessage } from '@/api/api-error';
import { AuthCard } from '@/components/auth/AuthCard';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { rememberPendingAction, signUpPath } from '@/lib/return-to';

export default function LoginPage() {
  useDocumentTitle('Sign In', 'Sign in to upload your work, like projects, follow creators and manage your invitation codes.');
  const signin = useSignin();
  // Where to go back to, and what to finish there (issue 16); an unsafe `next` is ignored: home.
  const [params] = useSearchParams();
  const returnTo = parseReturnTo(params);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ZSigninRequest), defaultValues: { email: '', password: '' } });

  // A suspended member is refused with 403 and told why and until when: that stays on the page, not just in a passing toast.
  const refusal = signin.error instanceof ApiError && signin.error.status === 403 ? serverMessage(signin.error, 'Your account is suspended.') : null;

  const onSubmit = handleSubmit((credentials) =>
    signin.mutate(credentials, {
      onSuccess: () => {
        toast('Welcome back!', { description: 'You are signed in.' });
        // A full load so every part of the page starts from the signed-in session (SPEC §4),
        // back on the page the visitor came from, where the pending action is finished.
        rememberPendingAction(returnTo);
        window.location.assign(returnTo?.next ?? '/');
      },
      onError: (error) => toast.error('Sign in failed', { description: serverMessage(error, 'Failed to sign in') }),
    }),
  );

  return (
    <AuthCard
      title="Welcome back"
      description="Sign in to share your work, like projects and invite creators."
      switchPrompt={
        <>
          Don't have an account?{' '}
          <Link to={signUpPath(returnTo)} className="rounded-sm font-medium text-accent hover:text-accent-hover">
            Sign up
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        {refusal && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            {refusal}
          </p>
        )}
        <FormField id="login-email" label="Email" error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="email" {...register('email')} />}
        </FormField>
        <div className="flex flex-col gap-1.5">
          <FormField id="login-password" label="Password" error={errors.password?.message}>
            {(control) => <Input {...control} type="password" autoComplete="current-password" {...register('password')} />}
          </FormField>
          <Link to="/forgot-password" className="self-end rounded-sm text-[13px] font-medium text-accent hover:text-accent-hover">
            Forgot password?
          </Link>
        </div>
        <div className="flex justify-end">
          {/* Stays busy after success while the page reloads. */}
          <Button type="submit" busy={signin.isPending || signin.isSuccess}>
            Sign In
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
