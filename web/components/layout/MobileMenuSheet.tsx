// The phone header's drawer panel (SPEC §2, 300 px): search, nav, and either the member's
// actions or Sign In and Sign Up. Its sign-in and sign-out are the old full-page endpoints, as
// SPEC §2 says; sign-in carries the way back to this page (issue 16). The icons show their names here.
// A module of its own: MobileDrawer loads it when the drawer first opens.
import { ShieldCheck, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { displayName } from '@shared/format';
import { isStaff } from '@shared/roles';
import { useCurrentUser } from '@/api/auth';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { UserAvatar } from '@/components/user/UserAvatar';
import { useSignInPath } from '@/hooks/useSignInPath';
import { HeaderActions } from './HeaderActions';
import { NavLinks } from './NavLinks';
import { SearchForm } from './SearchForm';

interface MobileMenuSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opened from the search icon: the search box (the first control) takes the focus. */
  focusSearch: boolean;
}

export default function MobileMenuSheet({ open, onOpenChange, focusSearch }: MobileMenuSheetProps) {
  const { user } = useCurrentUser();
  const close = () => onOpenChange(false);
  const signIn = useSignInPath();

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        onOpenAutoFocus={(event) => {
          if (focusSearch) return;
          event.preventDefault();
          if (event.target instanceof HTMLElement) event.target.focus();
        }}
      >
        <SheetTitle className="text-base font-semibold">Menu</SheetTitle>
        <SheetDescription className="sr-only">Search, browse and account links</SheetDescription>
        <SearchForm onSearched={close} />
        <NavLinks className="-mx-3 flex flex-col" onNavigate={close} />
        {user ? (
          <div className="flex flex-col gap-4 border-t border-zinc-200 pt-4">
            <Link to="/profile" onClick={close} className="flex items-center gap-3 rounded-lg">
              <UserAvatar user={user} />
              <span className="truncate text-sm font-medium">{displayName(user)}</span>
            </Link>
            <Button asChild>
              <Link to="/upload" onClick={close}>
                <Upload className="h-4 w-4" aria-hidden />
                Upload Work
              </Link>
            </Button>
            <HeaderActions onNavigate={close} labelled />
            {isStaff(user.role) && (
              <Button asChild variant="outline">
                <Link to="/admin" onClick={close}>
                  <ShieldCheck className="h-4 w-4" aria-hidden />
                  Admin
                </Link>
              </Button>
            )}
            <Button asChild variant="outline">
              <a href="/api/logout">Sign Out</a>
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-4 border-t border-zinc-200 pt-4">
            <HeaderActions onNavigate={close} labelled />
            <div className="flex gap-2">
              <Button asChild variant="outline" className="flex-1">
                <a href={`/api${signIn}`}>Sign In</a>
              </Button>
              <Button asChild className="flex-1">
                <Link to="/signup" onClick={close}>
                  Sign Up
                </Link>
              </Button>
            </div>
          </div>
        )}
      </SheetContent>
    </Sheet>
  );
}
