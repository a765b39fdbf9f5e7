import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { parseReturnTo } from '@shared/return-to';
import { ZSignupForm } from '@shared/schemas/auth';
import { useSignup } from '@/api/auth';
import { validateInvitationCode } from '@/api/invitations';
import { AuthCard } from '@/components/auth/AuthCard';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { invitationCodeErrorMessage, signupErrorMessage } from '@/lib/auth-errors';
import { showFieldErrors } from '@/lib/field-errors';
import { rememberPendingAction, signInPath } from '@/lib/return-to';

export default function SignupPage() {
  useDocumentTitle('Sign Up', 'Create your account with an invitation code and start sharing your AI work.');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signup = useSignup();
  // Carried over from the login page's link: back to that page after signing up (issue 16).
  const returnTo = parseReturnTo(params);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ZSignupForm),
    // An invite link is /signup?code=XXXX (issue 2, section 4).
    defaultValues: {
      invitationCode: params.get('code') ?? '',
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
    },
  });

  const onSubmit = handleSubmit(async ({ email, password, firstName, lastName, invitationCode }) => {
    // The code is checked first so a bad one never gets as far as creating an account (SPEC §8).
    try {
      await validateInvitationCode(invitationCode);
    } catch (error) {
      const message = invitationCodeErrorMessage(error);
      setError('invitationCode', { message }, { shouldFocus: true });
      toast.error('Invalid invitation code', { description: message });
      return;
    }
    try {
      await signup.mutateAsync({ email, password, firstName, lastName, invitationCode });
    } catch (error) {
      // A refused password (too common, or made of the name or e-mail) shows under its field too.
      showFieldErrors(error, setError, ['password', 'email', 'firstName', 'lastName', 'invitationCode']);
      toast.error('Sign up failed', { description: signupErrorMessage(error) });
      return;
    }
    rememberPendingAction(returnTo);
    void navigate(returnTo?.next ?? '/');
  });

  return (
    <AuthCard
      title="Create your account"
      description="Membership is by invitation: enter the code a member shared with you."
      switchPrompt={
        <>
          Already have an account?{' '}
          <Link to={returnTo ? signInPath({ next: returnTo.next, action: returnTo.action, targetId: returnTo.targetId }) : '/login'} className="rounded-sm font-medium text-accent hover:text-accent-hover">
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <FormField id="signup-code" label="Invitation code" error={errors.invitationCode?.message}>
          {(control) => (
            <Input {...control} autoComplete="off" autoCapitalize="characters" spellCheck={false} className="font-mono tracking-wider" {...register('invitationCode')} />
          )}
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id="signup-first-name" label="First name" error={errors.firstName?.message}>
            {(control) => <Input {...control} autoComplete="given-name" {...register('firstName')} />}
          </FormField>
          <FormField id="signup-last-name" label="Last name" error={errors.lastName?.message}>
            {(control) => <Input {...control} autoComplete="family-name" {...register('lastName')} />}
          </FormField>
        </div>
        <FormField id="signup-email" label="Email" error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="email" {...register('email')} />}
        </FormField>
        <FormField
          id="signup-password"
          label="Password"
          error={errors.password?.message}
          hint="Use at least 8 characters with an uppercase letter, a lowercase letter, a number and a special character (@$!%*?&)."
        >
          {(control) => <Input {...control} type="password" autoComplete="new-password" {...register('password')} />}
        </FormField>
        <FormField id="signup-confirm-password" label="Confirm password" error={errors.confirmPassword?.message}>
          {(control) => <Input {...control} type="password" autoComplete="new-password" {...register('confirmPassword')} />}
        </FormField>
        <div className="flex justify-end">
          <Button type="submit" busy={isSubmitting}>
            Create account
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
