// The app's one toast outlet (SPEC §8–§9): a single visible toast, top-centre on phones,
// bottom-right and 420 px wide from the md breakpoint. toast.error(...) is the destructive look.
import type { CSSProperties } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
// Sonner also injects these rules at runtime; bundling them keeps toasts styled under a CSP without inline styles.
import 'sonner/dist/styles.css';
import { useBannerSpace } from '@/components/layout/CookieBanner';
import { useMediaQuery } from '@/hooks/useMediaQuery';

// Sonner paints a toast from these variables; setting them on the toast itself overrides the theme's.
const DESTRUCTIVE =
  '[--normal-bg:var(--color-red-700)] [--normal-border:var(--color-red-800)] [--normal-text:var(--color-white)] [&_[data-description]]:text-red-50!';

export function Toaster() {
  const isMdUp = useMediaQuery('(min-width: 768px)');
  // While the cookie banner shows, toasts rise above it.
  const bannerSpace = useBannerSpace();
  return (
    <SonnerToaster
      visibleToasts={1}
      offset={{ bottom: 24 + bannerSpace }}
      mobileOffset={{ bottom: 16 + bannerSpace }}
      position={isMdUp ? 'bottom-right' : 'top-center'}
      style={{ '--width': isMdUp ? '420px' : '356px', fontFamily: 'inherit' } as CSSProperties}
      toastOptions={{ classNames: { error: DESTRUCTIVE, title: 'text-sm! font-semibold!' } }}
    />
  );
}
