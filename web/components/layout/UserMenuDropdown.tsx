// The account menu itself (Radix): UserMenu loads it once a member is signed in.
import { LogOut, ShieldCheck, Ticket, User } from 'lucide-react';
import { useNavigate } from 'react-router';
import { isStaff } from '@shared/roles';
import type { TCurrentUser } from '@shared/schemas/user';
import { displayName } from '@shared/format';
import { signOut } from '@/api/auth';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { AccountButton } from './UserMenu';

export default function UserMenuDropdown({ user }: { user: TCurrentUser }) {
  const navigate = useNavigate();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <AccountButton user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <span className="block truncate font-medium text-ink">{displayName(user)}</span>
          <span className="block truncate text-[13px] text-zinc-500">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate('/profile')}>
          <User className="h-4 w-4 text-zinc-500" aria-hidden />
          Profile
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate('/invitation-codes')}>
          <Ticket className="h-4 w-4 text-zinc-500" aria-hidden />
          Invitation Codes
        </DropdownMenuItem>
        {isStaff(user.role) && (
          <DropdownMenuItem onSelect={() => void navigate('/admin')}>
            <ShieldCheck className="h-4 w-4 text-zinc-500" aria-hidden />
            Admin
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut className="h-4 w-4 text-zinc-500" aria-hidden />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
