// The Settings danger zone (SPEC §4, §8): confirm, 'Deleting...', toast, then home after 1 s.
import { AlertTriangle, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { TIMINGS } from '@shared/constants';
import { serverMessage } from '@/api/api-error';
import { useDeleteAccount } from '@/api/users';
import { AlertDialog, AlertDialogTrigger, ConfirmDialogContent } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { SettingsSection } from './SettingsSection';

/** What goes with the account (the server's deleteAccount). */
const WHAT_GOES = [
  'Your profile and sign-in',
  'All your projects with their images, GIFs and videos',
  'Your likes and follows',
  'Your unused invitation codes',
];

export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  const deleteAccount = useDeleteAccount();
  // After success the page is about to leave: the button stays busy until it does.
  const busy = deleteAccount.isPending || deleteAccount.isSuccess;

  function confirm() {
    deleteAccount.mutate(undefined, {
      onSuccess: () => {
        toast('Account deleted', { description: 'Your account and everything in it have been removed.' });
        // A full load: every part of the app starts again signed out.
        window.setTimeout(() => window.location.assign('/'), TIMINGS.deleteAccountRedirect);
      },
      onError: (error) => toast.error('Delete failed', { description: serverMessage(error, 'Failed to delete account') }),
    });
  }

  return (
    <SettingsSection id="danger-zone" title="Danger zone" icon={AlertTriangle} tone="danger">
      <p className="text-[13px] text-zinc-700">Deleting your account removes it and everything you shared for good.</p>
      <AlertDialog open={open} onOpenChange={(next) => (busy ? undefined : setOpen(next))}>
        <AlertDialogTrigger asChild>
          <Button variant="destructive" size="sm" className="self-start">
            <Trash2 className="h-4 w-4" aria-hidden />
            Delete Account
          </Button>
        </AlertDialogTrigger>
        <ConfirmDialogContent
          title="Delete your account?"
          description={
            <div className="flex flex-col gap-2">
              <p>This can't be undone. These go for good:</p>
              <ul className="list-disc pl-5">
                {WHAT_GOES.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
              <p>People you invited keep their accounts.</p>
            </div>
          }
          confirmLabel={busy ? 'Deleting...' : 'Delete Account'}
          busy={busy}
          onConfirm={confirm}
        />
      </AlertDialog>
    </SettingsSection>
  );
}
