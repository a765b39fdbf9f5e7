// /forgot-password: the address of the account; the same answer whether it has one or not.
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ZForgotPasswordRequest } from '@shared/schemas/credentials';
import { serverMessage } from '@/api/api-error';
import { useForgotPassword } from '@/api/credentials';
import { AuthCard } from '@/components/auth/AuthCard';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';

export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password', 'Get a link to choose a new password for your account.');
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ZForgotPasswordRequest), defaultValues: { email: '' } });

  const onSubmit = handleSubmit((body) =>
    forgot.mutate(body, {
      onError: (error) => toast.error('Request failed', { description: serverMessage(error, 'Failed to send the reset link. Please try again.') }),
    }),
  );

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the e-mail address of your account and we'll send you a link to choose a new password."
      switchPrompt={
        <>
          Remembered it?{' '}
          <Link to="/login" className="rounded-sm font-medium text-accent hover:text-accent-hover">
            Sign in
          </Link>
        </>
      }
    >
      {forgot.data ? (
        <div role="status" className="flex items-start gap-3 rounded-xl border border-zinc-200 bg-zinc-50 p-4 text-sm text-zinc-700">
          <MailCheck className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden />
          <p>{forgot.data.message}</p>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <FormField id="forgot-email" label="Email" error={errors.email?.message}>
            {(control) => <Input {...control} type="email" autoComplete="email" {...register('email')} />}
          </FormField>
          <div className="flex justify-end">
            <Button type="submit" busy={forgot.isPending}>
              Send reset link
            </Button>
          </div>
        </form>
      )}
    </AuthCard>
  );
}
