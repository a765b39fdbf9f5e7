import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { HydrateLater } from '@/components/page/HydrateLater';
import { PageSpinner } from '@/components/ui/spinner';
import { CookieBanner } from './CookieBanner';
import { Footer } from './Footer';
import { Header } from './Header';

/** Header, the current page and footer, plus the cookie banner every page carries (SPEC §2). */
export function Layout() {
  const { pathname } = useLocation();
  // A new page starts at its top, as a full page load would. Braces matter: newer browsers
  // return a promise from scrollTo, and React would call an effect's return value on cleanup.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <HydrateLater>
        <Header />
      </HydrateLater>
      {/* At least the viewport below the header: the footer starts below the fold, so a page
          whose code or data arrives late grows into space already given, instead of pushing the
          footer down from the middle of the screen (a layout shift on every first visit). */}
      <main id="main" className="flex min-h-[calc(100vh-4rem)] flex-1 flex-col">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <HydrateLater whenNear>
        <Footer />
      </HydrateLater>
      <CookieBanner />
    </div>
  );
}
