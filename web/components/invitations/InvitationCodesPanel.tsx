// A member's invitation codes (SPEC §2, §4, §8): the /invitation-codes page and the profile's Invite Codes tab.
import { Plus, Ticket, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { INVITE_GENERATE_BATCH, INVITE_TTL_DAYS, INVITES_FOR_NEW_USER } from '@shared/constants';
import { INVITE_RIGHT_LOST } from '@shared/schemas/moderation';
import { useCodeAllowance, useGenerateCodes, useInvitationCodes } from '@/api/invitations';
import { serverMessage } from '@/api/api-error';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCopyToClipboard } from '@/hooks/useCopyToClipboard';
import { AvailableCodeRow, isExpired, UsedCodeRow } from './CodeRow';

interface InvitationCodesPanelProps {
  /** 1 on its own page; 2 inside the profile's Invite Codes tab, so the heading outline stays right. */
  level?: 1 | 2;
}

/** A member's codes with copy buttons, 'Your Impact' and Generate: the page and the profile tab share it. */
export function InvitationCodesPanel({ level = 1 }: InvitationCodesPanelProps) {
  const Title = level === 1 ? 'h1' : 'h2';
  const SectionHeading = level === 1 ? 'h2' : 'h3';
  const codes = useInvitationCodes(true);
  const generate = useGenerateCodes();
  const allowance = useCodeAllowance(true).data;
  // At the allowance (or without the right to invite), Generate is off and says why (issue 16).
  const reason = !allowance
    ? null
    : !allowance.canInvite
      ? INVITE_RIGHT_LOST
      : allowance.held >= allowance.limit
        ? `You have ${allowance.held} of ${allowance.limit} codes`
        : null;
  const { copiedKey, copy } = useCopyToClipboard();

  const all = codes.data ?? [];
  // Unused codes, expired ones included (shown as such, to revoke); only live ones count as available.
  const unused = all.filter((code) => code.isUsed === 'false');
  const available = unused.filter((code) => !isExpired(code));
  const used = all.filter((code) => code.isUsed === 'true');

  async function copyCode(key: string, text: string) {
    if (!(await copy(key, text))) toast.error('Failed to copy', { description: 'Could not copy code to clipboard' });
  }

  function generateCodes() {
    generate.mutate(INVITE_GENERATE_BATCH, {
      onSuccess: (created) => toast('Codes generated', { description: `${created.length} new invitation codes are ready to share.` }),
      // The server's reason (the limit reached meanwhile, say), in the default look: not a failure of the site.
      onError: (error) => toast('No new codes', { description: serverMessage(error, 'Failed to generate codes') }),
    });
  }

  return (
    <div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <Title className={level === 1 ? 'text-3xl font-semibold tracking-tight' : 'text-xl font-semibold'}>Invitation Codes</Title>
          <p className="mt-2 max-w-xl text-sm text-zinc-600">
            Every member gets {INVITES_FOR_NEW_USER} invitation codes to share with creators whose work they admire. Each code works once, for {INVITE_TTL_DAYS} days.
          </p>
        </div>
        <div className="flex flex-col items-end gap-1.5 self-end sm:self-auto">
          <Button
            variant={reason ? 'outline' : 'primary'}
            onClick={generateCodes}
            busy={generate.isPending}
            disabled={reason !== null}
            aria-describedby={reason ? 'generate-codes-reason' : undefined}
          >
            {!generate.isPending && <Plus className="h-4 w-4" aria-hidden />}
            Generate Codes
          </Button>
          {reason && (
            <p id="generate-codes-reason" className="max-w-xs text-right text-[13px] text-zinc-600">
              {reason}
            </p>
          )}
        </div>
      </div>

      <section aria-labelledby="impact-heading" className="mt-10">
        <SectionHeading id="impact-heading" className="text-lg font-semibold">
          Your Impact
        </SectionHeading>
        <dl className="mt-4 grid gap-4 sm:grid-cols-3">
          <Stat label="Total Codes Generated" value={all.length} loading={codes.isLoading} />
          <Stat label="People Invited" value={used.length} loading={codes.isLoading} />
          <Stat label="Codes Available" value={available.length} loading={codes.isLoading} />
        </dl>
      </section>

      {codes.isError ? (
        <div role="alert" className="mt-10 flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-6">
          <p className="text-sm text-red-800">{serverMessage(codes.error, "We couldn't load your invitation codes. Please try again.")}</p>
          <Button variant="outline" size="sm" onClick={() => void codes.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <CodeSection
            heading={SectionHeading}
            title="Available Codes"
            icon={<Ticket className="h-5 w-5 text-accent" aria-hidden />}
            loading={codes.isLoading}
            empty="You have no unused codes right now."
          >
            {unused.map((code) => (
              <AvailableCodeRow key={code.id} code={code} copiedKey={copiedKey} onCopy={(key, text) => void copyCode(key, text)} />
            ))}
          </CodeSection>
          <CodeSection
            heading={SectionHeading}
            title="Used Codes"
            icon={<Users className="h-5 w-5 text-zinc-500" aria-hidden />}
            loading={codes.isLoading}
            empty="None of your codes has been used yet."
          >
            {used.map((code) => (
              <UsedCodeRow key={code.id} code={code} />
            ))}
          </CodeSection>
        </>
      )}
    </div>
  );
}

function Stat({ label, value, loading }: { label: string; value: number; loading: boolean }) {
  return (
    <div className="rounded-xl border border-zinc-200 p-5">
      <dt className="text-[13px] text-zinc-500">{label}</dt>
      <dd className="mt-1 text-3xl font-semibold">{loading ? <Skeleton className="h-9 w-12" /> : value}</dd>
    </div>
  );
}

interface CodeSectionProps {
  heading: 'h2' | 'h3';
  title: string;
  icon: ReactNode;
  loading: boolean;
  empty: string;
  children: ReactNode[];
}

function CodeSection({ heading: Heading, title, icon, loading, empty, children }: CodeSectionProps) {
  const id = `${title.toLowerCase().replace(/\s+/g, '-')}-heading`;
  return (
    <section aria-labelledby={id} className="mt-10">
      <Heading id={id} className="flex items-center gap-2 text-lg font-semibold">
        {icon}
        {title}
      </Heading>
      {loading ? (
        <div className="mt-4 flex flex-col gap-3">
          {Array.from({ length: INVITES_FOR_NEW_USER }, (_, index) => (
            <Skeleton key={index} className="h-[62px] rounded-xl" />
          ))}
        </div>
      ) : children.length ? (
        <ul className="mt-4 flex flex-col gap-3">{children}</ul>
      ) : (
        <p className="mt-4 rounded-xl border border-dashed border-zinc-300 p-6 text-center text-sm text-zinc-500">{empty}</p>
      )}
    </section>
  );
}
