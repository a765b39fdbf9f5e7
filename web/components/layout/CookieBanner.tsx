import { X } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { COOKIE_CONSENT_VALUES, STORAGE_KEYS, TIMINGS, type TCookieConsent } from '@shared/constants';
import { Button } from '@/components/ui/button';

// Storage can throw (private modes, blocked site data); the banner then simply shows and
// the choice lasts for this page only.
function readConsent(): TCookieConsent | null {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEYS.cookieConsent);
    return COOKIE_CONSENT_VALUES.find((value) => value === stored) ?? null;
  } catch {
    return null;
  }
}

function storeConsent(choice: TCookieConsent): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.cookieConsent, choice);
  } catch {
    // Nowhere to keep it; hiding the banner for this page is all we can do.
  }
}

/**
 * The room the banner takes at the bottom of the screen, which the toaster adds to its bottom
 * offset (web/components/ui/toaster.tsx): toasts sit above the banner, never over its Accept All
 * (issue 16). Measured while it shows. Handed over through a store, not a CSS variable on the
 * document: a variable changed there restyled the whole page (13 ms of style on a phone, seconds
 * after the page had loaded).
 */
let bannerSpace = 0;
const bannerSpaceListeners = new Set<() => void>();

function setBannerSpace(pixels: number): void {
  if (pixels === bannerSpace) return;
  bannerSpace = pixels;
  for (const listener of bannerSpaceListeners) listener();
}

function watchBannerSpace(onChange: () => void) {
  bannerSpaceListeners.add(onChange);
  return () => void bannerSpaceListeners.delete(onChange);
}

/** The pixels the cookie banner takes at the bottom of the screen (0 when it does not show). */
export function useBannerSpace(): number {
  return useSyncExternalStore(
    watchBannerSpace,
    () => bannerSpace,
    () => 0,
  );
}

/** The banner's own distance from the bottom (bottom-4). */
const BANNER_BOTTOM_PX = 16;

function useReserveBannerSpace(element: HTMLElement | null) {
  useEffect(() => {
    if (!element) return;
    const reserve = () => setBannerSpace(Math.ceil(element.getBoundingClientRect().height) + BANNER_BOTTOM_PX);
    reserve();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(reserve);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      setBannerSpace(0);
    };
  }, [element]);
}

export function CookieBanner() {
  const [visible, setVisible] = useState(false);
  const [banner, setBanner] = useState<HTMLDivElement | null>(null);
  useReserveBannerSpace(visible ? banner : null);

  useEffect(() => {
    if (readConsent() !== null) return;
    const timer = window.setTimeout(() => setVisible(true), TIMINGS.cookieBannerDelay);
    return () => window.clearTimeout(timer);
  }, []);

  if (!visible) return null;

  function choose(choice: TCookieConsent) {
    storeConsent(choice);
    setVisible(false);
  }

  return (
    <div
      ref={setBanner}
      role="region"
      aria-label="Cookie consent"
      className="fixed inset-x-4 bottom-4 z-40 mx-auto max-w-3xl rounded-xl border border-zinc-200 bg-white p-4 shadow-lg transition duration-200 ease-out starting:translate-y-2 starting:opacity-0 sm:p-5"
    >
      <button
        type="button"
        aria-label="Close"
        onClick={() => choose('dismissed')}
        className="absolute right-2 top-2 rounded-md p-1.5 text-zinc-500 transition-colors duration-150 ease-out hover:bg-zinc-100 hover:text-ink"
      >
        <X className="h-4 w-4" aria-hidden />
      </button>
      <div className="flex flex-col gap-4 pr-6 sm:flex-row sm:items-center">
        <p className="text-sm text-zinc-600 sm:flex-1">
          We use cookies to keep you signed in and to learn how the site is used. Read our{' '}
          <Link to="/privacy" className="font-medium text-accent underline-offset-2 hover:underline">
            Privacy Policy
          </Link>{' '}
          and{' '}
          <Link to="/cookies" className="font-medium text-accent underline-offset-2 hover:underline">
            Cookie Policy
          </Link>
          .
        </p>
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" size="sm" onClick={() => choose('declined')}>
            Decline
          </Button>
          <Button size="sm" onClick={() => choose('accepted')}>
            Accept All
          </Button>
        </div>
      </div>
    </div>
  );
}
