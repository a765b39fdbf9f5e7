// A signed-in member's actions on another member's page, in a small menu: Block (after a
// confirmation) or Unblock. Other actions on a member (reporting) belong in this menu too.
import { Ban, MoreHorizontal } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { serverMessage } from '@/api/api-error';
import { useSetBlocked } from '@/api/comments';
import { AlertDialog, ConfirmDialogContent } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';

interface MemberMenuProps {
  member: { id: number; name: string };
  isBlocked: boolean;
}

export function MemberMenu({ member, isBlocked }: MemberMenuProps) {
  const [confirming, setConfirming] = useState(false);
  const setBlocked = useSetBlocked();

  function change(blocked: boolean) {
    setBlocked.mutate(
      { userId: member.id, blocked },
      {
        onSuccess: () => {
          setConfirming(false);
          toast(blocked ? `${member.name} is blocked` : `${member.name} is unblocked`);
        },
        onError: (error) => toast.error(blocked ? 'Block failed' : 'Unblock failed', { description: serverMessage(error, 'Please try again.') }),
      },
    );
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="icon" aria-label={`More actions for ${member.name}`}>
            <MoreHorizontal className="h-5 w-5" aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => (isBlocked ? change(false) : setConfirming(true))}>
            <Ban className="h-4 w-4 text-zinc-500" aria-hidden />
            {isBlocked ? `Unblock ${member.name}` : `Block ${member.name}`}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <AlertDialog open={confirming} onOpenChange={(open) => (!open && !setBlocked.isPending ? setConfirming(false) : undefined)}>
        <ConfirmDialogContent
          title={`Block ${member.name}?`}
          description="They won't be able to comment on your projects, message you or follow you, and you won't see their comments. Blocking also removes them from your followers. You can unblock them in Settings."
          confirmLabel={setBlocked.isPending ? 'Blocking...' : 'Block'}
          busy={setBlocked.isPending}
          onConfirm={() => change(true)}
        />
      </AlertDialog>
    </>
  );
}
