import { Check, Copy, Link2 } from 'lucide-react';
import { longDate } from '@shared/format';
import type { TInvitationCode } from '@shared/schemas/invitation';
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

export function AvailableCodeRow({ code, copiedKey, onCopy }: AvailableCodeRowProps) {
  const codeCopied = copiedKey === `${code.code}:code`;
  const linkCopied = copiedKey === `${code.code}:link`;
  return (
    <li className="flex items-center gap-3 rounded-xl border border-zinc-200 bg-white p-4">
      <span className="font-mono text-base font-semibold tracking-wider">{code.code}</span>
      <span className="ml-auto flex items-center gap-1">
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
      </span>
    </li>
  );
}

/** 'Used <date>', or 'Used recently' when the server has no date (SPEC §4). */
function usedLabel(usedAt: string | null): string {
  return usedAt ? `Used ${longDate(usedAt)}` : 'Used recently';
}

export function UsedCodeRow({ code }: { code: TInvitationCode }) {
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-zinc-200 bg-zinc-50 p-4">
      <span className="font-mono text-base font-semibold tracking-wider text-zinc-400 line-through">{code.code}</span>
      <span className="ml-auto text-right text-[13px] text-zinc-600">
        {usedLabel(code.usedAt)}
        {code.usedBy && <span className="block font-medium text-ink">by {code.usedBy}</span>}
      </span>
    </li>
  );
}
