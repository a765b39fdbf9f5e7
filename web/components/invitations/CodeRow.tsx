import { Check, Copy, Link2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { expiryLabel, longDate } from '@shared/format';
import type { TInvitationCode } from '@shared/schemas/invitation';
import { serverMessage } from '@/api/api-error';
import { useRevokeCode } from '@/api/invitations';
import { AlertDialog, AlertDialogTrigger, ConfirmDialogContent } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';

interface AvailableCodeRowProps {
  code: TInvitationCode;
  /** Which copy control confirmed last: `${code}:code` or `${code}:link`. */
  copiedKey: string | null;
  onCopy: (key: string, text: string) => void;
}

/** The sign-up link that opens with this code filled in. */
function inviteLink(code: string): string {
  return `${window.location.origin}/signup?code=${encodeURIComponent(code)}`;
}

/** Whether an unused code has passed its expiry (INVITE_TTL_DAYS after it was made). */
export function isExpired(code: TInvitationCode, now: Date = new Date()): boolean {
  return code.expiresAt !== null && Date.parse(code.expiresAt) <= now.getTime();
}

export function AvailableCodeRow({ code, copiedKey, onCopy }: AvailableCodeRowProps) {
  const codeCopied = copiedKey === `${code.code}:code`;
  const linkCopied = copiedKey === `${code.code}:link`;
  const expired = isExpired(code);
  return (
    <li className={`flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-zinc-200 p-4 ${expired ? 'bg-zinc-50' : 'bg-white'}`}>
      <span className="flex flex-col">
        <span className={`font-mono text-base font-semibold tracking-wider ${expired ? 'text-zinc-500' : ''}`}>{code.code}</span>
        {code.expiresAt && <span className={`text-[13px] ${expired ? 'font-medium text-red-700' : 'text-zinc-600'}`}>{expiryLabel(code.expiresAt)}</span>}
      </span>
      <span className="ml-auto flex items-center gap-1">
        {!expired && (
          <>
            <Tooltip content={codeCopied ? 'Copied!' : 'Copy code'}>
              <Button variant="ghost" size="icon" aria-label={codeCopied ? `Copied code ${code.code}` : `Copy code ${code.code}`} onClick={() => onCopy(`${code.code}:code`, code.code)}>
                {codeCopied ? <Check className="h-4 w-4 text-emerald-600" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
              </Button>
            </Tooltip>
            <Tooltip content={linkCopied ? 'Copied!' : 'Copy invite link'}>
              <Button
                variant="ghost"
                size="icon"
                aria-label={linkCopied ? `Copied invite link for ${code.code}` : `Copy invite link for ${code.code}`}
                onClick={() => onCopy(`${code.code}:link`, inviteLink(code.code))}
              >
                {linkCopied ? <Check className="h-4 w-4 text-emerald-600" aria-hidden /> : <Link2 className="h-4 w-4" aria-hidden />}
              </Button>
            </Tooltip>
          </>
        )}
        <RevokeCodeButton code={code} />
      </span>
    </li>
  );
}

/** 'Revoke', after a confirmation: the code stops working and frees its place in the allowance. */
function RevokeCodeButton({ code }: { code: TInvitationCode }) {
  const [open, setOpen] = useState(false);
  const revoke = useRevokeCode();

  function confirm() {
    revoke.mutate(code.id, {
      onSuccess: () => {
        setOpen(false);
        toast('Code revoked', { description: `${code.code} no longer works.` });
      },
      onError: (error) => toast.error('Error', { description: serverMessage(error, 'Failed to revoke the code') }),
    });
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => (revoke.isPending ? undefined : setOpen(next))}>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Revoke code ${code.code}`}>
          <Trash2 className="h-4 w-4" aria-hidden />
          Revoke
        </Button>
      </AlertDialogTrigger>
      <ConfirmDialogContent
        title={`Revoke code ${code.code}?`}
        description="Nobody will be able to sign up with it. You can generate a new code in its place."
        confirmLabel="Revoke"
        busy={revoke.isPending}
        onConfirm={confirm}
      />
    </AlertDialog>
  );
}

/** 'Used <date>', or 'Used recently' when the server has no date (SPEC §4). */
function usedLabel(usedAt: string | null): string {
  return usedAt ? `Used ${longDate(usedAt)}` : 'Used recently';
}

export function UsedCodeRow({ code }: { code: TInvitationCode }) {
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-zinc-200 bg-zinc-50 p-4">
      <span className="font-mono text-base font-semibold tracking-wider text-zinc-500 line-through">{code.code}</span>
      <span className="ml-auto text-right text-[13px] text-zinc-600">
        {usedLabel(code.usedAt)}
        {code.usedBy && <span className="block font-medium text-ink">by {code.usedBy}</span>}
      </span>
    </li>
  );
}
