// The signed-in member's avatar in the header, opening the account menu.
import { lazy, Suspense, type ButtonHTMLAttributes } from 'react';
import { initials } from '@shared/format';
import type { TCurrentUser } from '@shared/schemas/user';
import { UserAvatar } from '@/components/user/UserAvatar';

// Signed-out visitors never need the menu (Radix and its positioning engine): it loads when a
// member is known, and until then the avatar shows as it will look, marked unavailable.
const UserMenuDropdown = lazy(() => import('./UserMenuDropdown'));

/** Its name starts with the initials it shows ('AL, account menu'), so what is seen is what is said (axe label-content-name-mismatch). */
export function AccountButton({ user, ...props }: { user: TCurrentUser } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="button" className="rounded-full" aria-label={`${initials(user)}, account menu`} {...props}>
      <UserAvatar user={user} />
    </button>
  );
}

export function UserMenu({ user }: { user: TCurrentUser }) {
  return (
    <Suspense fallback={<AccountButton user={user} aria-disabled />}>
      <UserMenuDropdown user={user} />
    </Suspense>
  );
}
