// What `import … from 'react'` means in the client and the server renderer (vite.config.ts):
// Preact's compat layer, with React's `useSyncExternalStore` contract kept. Preact's own ignores
// `getServerSnapshot`, so a store read only the browser can make (a media query) would be read
// on the server (where it throws) and, while hydrating, draw other markup than the server sent,
// which Preact keeps (it does not patch attributes while hydrating). Here, on the server and
// while hydrating, the server snapshot is drawn; once hydration is done the store's own value
// is read and, if it differs, drawn (as React does).
//
// And React 19's refs: a function component gets `ref` as a prop (the UI components pass it on
// to their element with the rest of their props, no forwardRef), where Preact 10 would attach
// it to the component's instance (radix-ui would then measure an object that is no element).
import { createContext, h, options, type ComponentChild, type VNode } from 'preact';
import compat, {
  createPortal as compatCreatePortal,
  useContext,
  useId as compatUseId,
  useState,
  useSyncExternalStore as compatUseSyncExternalStore,
} from 'preact/compat';
import { drawingServerMarkup } from './hydration';

// Effects run in a task of their own right after the commit, as React's passive effects do,
// not after the next animation frame (Preact's default): their timing does not hang on frames
// (a page in the background, a browser test's stopped clock).
//
// And, as in React, the effects still pending from a commit all run before the next render
// starts. Preact runs a component's pending effects only when that very component renders again:
// a portal's content, mounted by a state set in a layout effect (radix-ui's Portal) in the same
// pass as the commit before, then re-rendered once positioned, had its effects run before those
// of the commit that opened it. A radix-ui Tooltip closed as it opened: its content listened for
// "another tooltip opened" before the Tooltip's own effect announced that it had opened.
// Preact has no public hook for "a render starts": `__c` (its `_commit`, once per render after
// the DOM is written and layout effects ran) and `__b` (its `_diff`, before each vnode is
// diffed) are the names of Preact 10's mangled internal hooks (pinned in package.json).
if (typeof MessageChannel === 'function') {
  let flushPendingEffects: (() => void) | undefined;
  const runPendingEffects = () => {
    const flush = flushPendingEffects;
    flushPendingEffects = undefined;
    flush?.();
  };
  options.requestAnimationFrame = (flush: () => void) => {
    flushPendingEffects = flush;
    const channel = new MessageChannel();
    channel.port1.onmessage = runPendingEffects;
    channel.port2.postMessage(null);
  };
  type TRenderHooks = { __c?: (...args: unknown[]) => void; __b?: (...args: unknown[]) => void };
  const internal = options as typeof options & TRenderHooks;
  let committed = false;
  const previousCommit = internal.__c;
  internal.__c = (...args) => {
    previousCommit?.(...args);
    committed = true;
  };
  const previousDiff = internal.__b;
  internal.__b = (...args) => {
    if (committed) {
      committed = false;
      runPendingEffects();
    }
    previousDiff?.(...args);
  };
}

const previousVNodeHook = options.vnode;
options.vnode = (vnode: VNode & { ref?: unknown }) => {
  const type = vnode.type as unknown;
  if (typeof type === 'function' && vnode.ref != null && !(type.prototype as { render?: unknown } | undefined)?.render) {
    (vnode.props as { ref?: unknown }).ref = vnode.ref;
    vnode.ref = null;
  }
  previousVNodeHook?.(vnode);
};

// @ts-expect-error -- compat's types say `export =`; its module (what Vite bundles) has named exports.
export * from 'preact/compat';

export function useSyncExternalStore<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T, getServerSnapshot?: () => T): T {
  const read = getServerSnapshot === undefined ? getSnapshot : () => (drawingServerMarkup() ? getServerSnapshot() : getSnapshot());
  return compatUseSyncExternalStore(subscribe, read);
}

// And `useId` in portals. Preact numbers ids per render root so the server's markup and the
// hydrating client agree; a portal is a root of its own that borrows its parent's counter only
// on its first render: a component mounted in a later render of the portal (the options of a
// radix-ui Select once it opens, a dialog's fields) counts from P0-0 again, and its id is that of
// an element elsewhere on the page. A Select's options took ids its list box and other options
// already had, so `aria-labelledby` named an option by the whole list ("Freelance" could not be
// found by name). What a portal holds is drawn only in the browser (radix-ui mounts its portals
// after hydration), so ids inside one need not match the server's: they come from one counter
// for the page instead.
const InPortal = createContext(false);
let portalIds = 0;

export function useId(): string {
  const rootId = compatUseId();
  const inPortal = useContext(InPortal);
  const [portalId] = useState(() => `Pp${++portalIds}`);
  return inPortal ? portalId : rootId;
}

export function createPortal(children: ComponentChild, container: Element | DocumentFragment): VNode {
  return compatCreatePortal(h(InPortal.Provider, { value: true }, children), container as Element);
}

export default { ...compat, useSyncExternalStore, useId, createPortal };
