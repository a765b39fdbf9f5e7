// /unsubscribe: where a notification e-mail's unsubscribe link leads. It asks before turning
// anything off (a mail scanner that follows links must not unsubscribe anyone); no sign-in needed.
import { BellOff, CheckCircle2 } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { UNSUBSCRIBE_TYPES, type TUnsubscribeType } from '@shared/schemas/notification';
import { serverMessage } from '@/api/api-error';
import { useUnsubscribe } from '@/api/notifications';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';

const WHAT: Record<TUnsubscribeType, string> = {
  hire: 'e-mails about hire messages',
  comment: 'e-mails about comments on your projects',
  reply: 'e-mails about replies to your comments',
  digest: 'the daily notification digest',
};

const isType = (value: string | null): value is TUnsubscribeType => (UNSUBSCRIBE_TYPES as readonly (string | null)[]).includes(value);

export default function UnsubscribePage() {
  useDocumentTitle('Unsubscribe', 'Stop a kind of notification e-mail.');
  const [params] = useSearchParams();
  const token = params.get('token');
  const type = params.get('type');
  const unsubscribe = useUnsubscribe();

  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-20 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-violet-50 text-accent">
        {unsubscribe.isSuccess ? <CheckCircle2 className="h-7 w-7" aria-hidden /> : <BellOff className="h-7 w-7" aria-hidden />}
      </span>
      {!token || !isType(type) ? (
        <>
          <h1 className="text-3xl font-semibold">Link not valid</h1>
          <p className="max-w-md text-zinc-600">This unsubscribe link is not complete. Open it again from the e-mail, or change your notification e-mails in your profile's Settings.</p>
        </>
      ) : unsubscribe.isSuccess ? (
        <>
          <h1 className="text-3xl font-semibold">You're unsubscribed</h1>
          <p role="status" className="max-w-md text-zinc-600">
            You will no longer get {WHAT[type]}. You can turn them back on in your profile's Settings.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-semibold">Unsubscribe</h1>
          <p className="max-w-md text-zinc-600">Stop {WHAT[type]}?</p>
          {unsubscribe.isError && (
            <p role="alert" className="max-w-md text-sm text-red-700">
              {serverMessage(unsubscribe.error, 'Something went wrong. Please try again.')}
            </p>
          )}
          <Button busy={unsubscribe.isPending} onClick={() => unsubscribe.mutate({ token, type })}>
            Unsubscribe
          </Button>
        </>
      )}
      <Link to="/profile" className="rounded-sm text-sm font-medium text-accent hover:text-accent-hover">
        Notification settings
      </Link>
    </div>
  );
}
