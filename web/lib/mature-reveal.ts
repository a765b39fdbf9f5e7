// Which mature projects this visitor chose to see ('Show'): kept for the page's lifetime, so a
// project revealed on its card stays revealed on its page, and forgotten on reload.
import { useSyncExternalStore } from 'react';

const revealed = new Set<number>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function revealProject(projectId: number): void {
  if (revealed.has(projectId)) return;
  revealed.add(projectId);
  for (const listener of listeners) listener();
}

export function useRevealed(projectId: number): boolean {
  const isRevealed = () => revealed.has(projectId);
  return useSyncExternalStore(subscribe, isRevealed, isRevealed);
}
