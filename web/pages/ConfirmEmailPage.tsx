// /confirm-email?token=…: the link mailed to a new address; opening it moves the account there.
import { CheckCircle2, Loader2, MailX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { INVALID_EMAIL_LINK } from '@shared/schemas/credentials';
import { serverMessage } from '@/api/api-error';
import { useConfirmEmail } from '@/api/credentials';
import { PageContainer } from '@/components/page/PageContainer';
import { StatePanel } from '@/components/ui/state-panel';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';

export default function ConfirmEmailPage() {
  useDocumentTitle('Confirm Email', 'Confirm the new e-mail address of your account.');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmEmail();
  const { mutate } = confirm;
  // Once per page: the link works once, and a second call would report it used.
  const asked = useRef(false);
  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true;
    mutate({ token });
  }, [token, mutate]);

  return (
    <PageContainer width="prose">
      <div className="mx-auto w-full max-w-[560px]">
        <h1 className="mb-8 text-3xl font-semibold tracking-tight">Confirm your e-mail address</h1>
        {confirm.isSuccess ? (
          <StatePanel icon={CheckCircle2} level={2} title="E-mail address changed" text={`Your account now uses ${confirm.data.email}. Sign in with this address from now on.`}>
            <Button asChild>
              <Link to="/profile">Go to your profile</Link>
            </Button>
          </StatePanel>
        ) : !token || confirm.isError ? (
          <StatePanel icon={MailX} level={2} alert title="We couldn't change your e-mail address" text={token ? serverMessage(confirm.error, INVALID_EMAIL_LINK) : INVALID_EMAIL_LINK}>
            <Button asChild variant="outline">
              <Link to="/profile">Go to your profile</Link>
            </Button>
          </StatePanel>
        ) : (
          <p role="status" className="flex items-center gap-2 text-sm text-zinc-600">
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
            Confirming your new address...
          </p>
        )}
      </div>
    </PageContainer>
  );
}
