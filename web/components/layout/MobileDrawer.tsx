// The phone header's two buttons (SPEC §2): search and menu, both opening the drawer panel,
// which loads on the first opening (most visits never open it).
import { Menu, Search } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useHasBeenTrue } from '@/hooks/useHasBeenTrue';

const MobileMenuSheet = lazy(() => import('./MobileMenuSheet'));

const TRIGGER =
  'inline-flex h-10 w-10 items-center justify-center rounded-full text-zinc-700 transition-colors duration-150 ease-out hover:bg-zinc-100';

export function MobileDrawer() {
  const [open, setOpen] = useState(false);
  const loaded = useHasBeenTrue(open);
  // The search icon opens the same drawer with the search box focused (it is the first control);
  // the menu button keeps focus off it so a phone does not pop up its keyboard.
  const [focusSearch, setFocusSearch] = useState(false);

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
      {loaded && (
        <Suspense fallback={null}>
          <MobileMenuSheet open={open} onOpenChange={setOpen} focusSearch={focusSearch} />
        </Suspense>
      )}
    </div>
  );
}
