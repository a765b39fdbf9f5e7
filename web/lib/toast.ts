// Toasts from components on the first screen (the gallery's like buttons) without putting the
// toast library on the home route's critical path: it loads when the first toast is shown.
import type { ExternalToast } from 'sonner';

type TToastKind = 'message' | 'error';

export function showToast(kind: TToastKind, title: string, options?: ExternalToast): void {
  void import('sonner').then(({ toast }) => (kind === 'error' ? toast.error(title, options) : toast(title, options)));
}
