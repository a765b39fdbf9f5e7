// The edit dialog's media list: the project's stored files and newly chosen ones, in the order
// they will be saved. The first is the cover. Pure functions, so the rules are unit-tested.

/** Changes answer a new list, or the same list when the change is not allowed. */
export type TMediaListChange<T> = (items: readonly T[]) => readonly T[];

/** Moves the item at `index` one place up (-1) or down (+1); at either end nothing moves. */
export function moveItem<T>(items: readonly T[], index: number, delta: -1 | 1): readonly T[] {
  const target = index + delta;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return items;
  const next = [...items];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}

/** The item at `index` becomes the cover: it goes first, the others keep their order. */
export function makeCover<T>(items: readonly T[], index: number): readonly T[] {
  if (index <= 0 || index >= items.length) return items;
  return [items[index] as T, ...items.slice(0, index), ...items.slice(index + 1)];
}

/** Removes the item at `index`, unless it is the only one: a project keeps at least one media file. */
export function removeItem<T>(items: readonly T[], index: number): readonly T[] {
  if (items.length <= 1 || index < 0 || index >= items.length) return items;
  return items.filter((_, position) => position !== index);
}

/** Whether the saved order differs from the project's: then the media are sent with the edit. */
export function mediaChanged(original: readonly string[], next: readonly (string | null)[]): boolean {
  return next.length !== original.length || next.some((url, index) => url !== original[index]);
}
