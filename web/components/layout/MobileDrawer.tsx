// The phone header's right-side drawer (SPEC §2, 300 px): search, nav, and either the member's
// actions or a Sign In. Its sign-in and sign-out are the old full-page endpoints, as SPEC §2 says.
import { Menu, Search, Upload } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { displayName } from '@shared/format';
import { useCurrentUser } from '@/api/auth';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { UserAvatar } from '@/components/user/UserAvatar';
import { HeaderActions } from './HeaderActions';
import { NavLinks } from './NavLinks';
import { SearchForm } from './SearchForm';

const TRIGGER =
  'inline-flex h-10 w-10 items-center justify-center rounded-full text-zinc-700 transition-colors duration-150 ease-out hover:bg-zinc-100';

export function MobileDrawer() {
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  // The search icon opens the same drawer with the search box focused (it is the first control);
  // the menu button keeps focus off it so a phone does not pop up its keyboard.
  const [focusSearch, setFocusSearch] = useState(false);
  const close = () => setOpen(false);

  function openDrawer(withSearch: boolean) {
    setFocusSearch(withSearch);
    setOpen(true);
  }

  return (
    <div className="flex items-center gap-1 md:hidden">
      <button type="button" className={TRIGGER} aria-label="Search" onClick={() => openDrawer(true)}>
        <Search className="h-5 w-5" aria-hidden />
      </button>
      <button type="button" className={TRIGGER} aria-label="Open menu" onClick={() => openDrawer(false)}>
        <Menu className="h-5 w-5" aria-hidden />
      </button>
      <Sheet open={open} onOpenChange={setOpen}>
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
              <HeaderActions onNavigate={close} />
              <Button asChild variant="outline">
                <a href="/api/logout">Sign Out</a>
              </Button>
            </div>
          ) : (
            <div className="flex flex-col gap-4 border-t border-zinc-200 pt-4">
              <HeaderActions onNavigate={close} />
              <Button asChild>
                <a href="/api/login">Sign In</a>
              </Button>
            </div>
          )}
        </SheetContent>
      </Sheet>
    </div>
  );
}
