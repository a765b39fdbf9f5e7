// The header's icon buttons (SPEC §2): restart the onboarding tour, fresh work, invite creators;
// and a member's notification bell and inbox. On wide screens each icon has a tooltip and an
// accessible name; in the phone drawer (`labelled`) each shows its name beside the icon.
import { Compass, Mail, Sparkles, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '@/api/auth';
import { NotificationBell } from '@/components/notifications/NotificationBell';
import { useTour } from '@/components/tour/TourProvider';
import { Tooltip } from '@/components/ui/tooltip';
import { InboxLink } from './InboxLink';

const ICON_BUTTON =
  'inline-flex h-10 w-10 items-center justify-center rounded-full text-zinc-600 transition-colors duration-150 ease-out hover:bg-zinc-100 hover:text-ink';
const LABELLED_ROW =
  'flex h-10 w-full items-center gap-3 rounded-lg px-3 text-left text-sm font-medium text-zinc-700 transition-colors duration-150 ease-out hover:bg-zinc-100 hover:text-ink';

function Labelled({ labelled, label, icon: Icon, children }: { labelled: boolean; label: string; icon: LucideIcon; children: (className: string, content: ReactNode) => ReactNode }) {
  const content = (
    <>
      <Icon className="h-5 w-5 shrink-0" aria-hidden />
      {labelled && <span>{label}</span>}
    </>
  );
  if (labelled) return children(LABELLED_ROW, content);
  return <Tooltip content={label}>{children(ICON_BUTTON, content)}</Tooltip>;
}

export function HeaderActions({ onNavigate, labelled = false }: { onNavigate?: () => void; labelled?: boolean }) {
  const tour = useTour();
  const { user } = useCurrentUser();
  // Icon-only, the name comes from aria-label; with the word shown, the word is the name.
  const name = (label: string) => (labelled ? undefined : label);
  return (
    <div className={labelled ? '-mx-3 flex flex-col' : 'flex items-center gap-1'}>
      {user && <NotificationBell className={labelled ? LABELLED_ROW : ICON_BUTTON} showLabel={labelled} onNavigate={onNavigate} />}
      {user && <InboxLink className={labelled ? LABELLED_ROW : ICON_BUTTON} showLabel={labelled} onNavigate={onNavigate} />}
      <Labelled labelled={labelled} label="Restart tour" icon={Compass}>
        {(className, content) => (
          <button
            type="button"
            className={className}
            aria-label={name('Restart tour')}
            onClick={() => {
              onNavigate?.();
              tour.start();
            }}
          >
            {content}
          </button>
        )}
      </Labelled>
      <Labelled labelled={labelled} label="New on Inspiration" icon={Sparkles}>
        {(className, content) => (
          <Link to="/inspiration" className={className} aria-label={name('New on Inspiration')} onClick={onNavigate}>
            {content}
          </Link>
        )}
      </Labelled>
      <Labelled labelled={labelled} label="Invite creators" icon={Mail}>
        {(className, content) => (
          <Link to="/invitation-codes" className={className} aria-label={name('Invite creators')} onClick={onNavigate}>
            {content}
          </Link>
        )}
      </Labelled>
    </div>
  );
}
