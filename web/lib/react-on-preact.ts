// What `import … from 'react'` means in the client and the server renderer (vite.config.ts):
// Preact's compat layer, with React's `useSyncExternalStore` contract kept. Preact's own ignores
// `getServerSnapshot`, so a store read only the browser can make (a media query) would be read
// on the server (where it throws) and, while hydrating, draw other markup than the server sent,
// which Preact keeps (it does not patch attributes while hydrating). Here, on the server and
// while hydrating, the server snapshot is drawn; once hydration is done the store's own value
// is read and, if it differs, drawn (as React does).
import compat, { useSyncExternalStore as compatUseSyncExternalStore } from 'preact/compat';
import { drawingServerMarkup } from './hydration';

export * from 'preact/compat';

export function useSyncExternalStore<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T, getServerSnapshot?: () => T): T {
  const read = getServerSnapshot === undefined ? getSnapshot : () => (drawingServerMarkup() ? getServerSnapshot() : getSnapshot());
  return compatUseSyncExternalStore(subscribe, read);
}

export default { ...compat, useSyncExternalStore };
