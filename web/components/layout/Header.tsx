import { Upload } from 'lucide-react';
import { Link } from 'react-router';
import { useCurrentUser } from '@/api/auth';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useSignInPath } from '@/hooks/useSignInPath';
import { HeaderActions } from './HeaderActions';
import { Logo } from './Logo';
import { MobileDrawer } from './MobileDrawer';
import { NavLinks } from './NavLinks';
import { SearchForm } from './SearchForm';
import { UserMenu } from './UserMenu';

export function Header() {
  const { user, isLoading } = useCurrentUser();
  const signIn = useSignInPath();
  return (
    <header className="sticky top-0 z-40 h-16 border-b border-zinc-200 bg-white">
      <div className="mx-auto flex h-full max-w-[1440px] items-center gap-4 px-4 md:px-8">
        <Logo />
        <NavLinks className="hidden items-center md:flex" />
        {/* data-tour marks what the onboarding tour points at. */}
        <div data-tour="search" className="mx-auto hidden w-full max-w-[480px] min-w-0 flex-1 md:block">
          <SearchForm />
        </div>
        <div className="ml-auto hidden shrink-0 items-center gap-2 md:flex">
          <HeaderActions />
          {isLoading ? (
            <Skeleton className="h-10 w-10 rounded-full" />
          ) : user ? (
            <>
              <Button asChild data-tour="upload">
                <Link to="/upload">
                  <Upload className="h-4 w-4" aria-hidden />
                  {/* Between md and lg the header is tight: the icon shows, the name stays for screen readers. */}
                  <span className="sr-only lg:not-sr-only">Upload Work</span>
                </Link>
              </Button>
              <div data-tour="profile">
                <UserMenu user={user} />
              </div>
            </>
          ) : (
            <>
              <Button asChild variant="ghost">
                <Link to={signIn}>Sign In</Link>
              </Button>
              <Button asChild>
                <Link to="/signup">Sign Up</Link>
              </Button>
            </>
          )}
        </div>
        <div className="ml-auto md:hidden">
          <MobileDrawer />
        </div>
      </div>
    </header>
  );
}
