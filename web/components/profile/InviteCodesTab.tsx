import { InvitationCodesPanel } from '@/components/invitations/InvitationCodesPanel';

/** The profile's Invite Codes tab: the same codes, copy buttons, 'Your Impact' and Generate as /invitation-codes. */
export function InviteCodesTab() {
  return <InvitationCodesPanel level={2} />;
}
