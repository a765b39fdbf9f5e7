// Settings (SPEC §2): the account's e-mail, member since, project count, and the danger zone.
import { longDate, wholeNumber } from '@shared/format';
import type { TCurrentUser } from '@shared/schemas/user';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { BlockedMembersSection } from './BlockedMembersSection';
import { ChangeEmailSection } from './ChangeEmailSection';
import { ChangePasswordSection } from './ChangePasswordSection';
import { DeleteAccountSection } from './DeleteAccountSection';
import { MatureContentSection } from './MatureContentSection';
import { NotificationEmailSection } from './NotificationEmailSection';
import { SessionsSection } from './SessionsSection';

interface SettingsDialogProps {
  user: TCurrentUser;
  projectCount: number | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function SettingsDialog({ user, projectCount, open, onOpenChange }: SettingsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Settings</DialogTitle>
          <DialogDescription>Your account at a glance.</DialogDescription>
        </DialogHeader>
        <dl className="flex flex-col divide-y divide-zinc-200 rounded-xl border border-zinc-200 text-sm">
          <Row label="Email" value={user.email} />
          <Row label="Member since" value={longDate(user.createdAt)} />
          <Row label="Projects" value={projectCount === undefined ? '—' : wholeNumber(projectCount)} />
        </dl>
        <MatureContentSection user={user} />
        <ChangePasswordSection />
        <ChangeEmailSection />
        <SessionsSection />
        <NotificationEmailSection />
        <BlockedMembersSection />
        <DeleteAccountSection />
      </DialogContent>
    </Dialog>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-4 px-4 py-3">
      <dt className="text-zinc-500">{label}</dt>
      <dd className="truncate font-medium">{value}</dd>
    </div>
  );
}
