// What the owner (and staff) of hidden work see: that a moderator hid it, and why. Nobody else
// gets the work at all, so nobody else ever sees this.
import { EyeOff } from 'lucide-react';
import { longDate } from '@shared/format';
import type { TModerationNote } from '@shared/schemas/moderation';

export function HiddenNotice({ note, what }: { note: TModerationNote; what: string }) {
  return (
    <div role="status" className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <EyeOff className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <div className="flex flex-col gap-1">
        <p className="font-semibold">Hidden by a moderator</p>
        <p>
          Only you and the moderators can see this {what}. Reason: {note.reason}
        </p>
        <p className="text-[13px] text-amber-900">Hidden on {longDate(note.at)}</p>
      </div>
    </div>
  );
}

/** The small mark on an owner's card in their own lists. */
export function HiddenMark() {
  return (
    <span className="inline-flex items-center gap-1 self-center rounded-full bg-amber-100 px-2 py-0.5 text-[12px] font-medium text-amber-900">
      <EyeOff className="h-3.5 w-3.5" aria-hidden />
      Hidden
    </span>
  );
}
