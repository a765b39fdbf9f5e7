// A member's answer built from a copy shared by everyone (a cached project, a gallery or search
// card) and their own few fields (isLiked, isFollowing). Remembered as such, so that the response
// serializer (server/http/serialize-answer.ts) checks and encodes the shared copy once, not on
// every member's request, and checks only the member's own fields each time.

interface TParts {
  copy: object;
  own: Readonly<Record<string, unknown>>;
}

const partsOf = new WeakMap<object, TParts>();

/**
 * `{ ...copy, ...own }`. Both are frozen (their own fields; what they hold is shared as it
 * is): the serializer keeps the copy's encoded form for as long as the copy lives, so a shared
 * copy is replaced, never edited (the read cache's copies already are), and a change to its
 * fields throws rather than goes unseen.
 */
export function withOwnPart<T extends object>(copy: T, own: Partial<T>): T {
  Object.freeze(copy);
  const value = Object.freeze({ ...copy, ...own });
  partsOf.set(value, { copy, own });
  return value;
}

/** The shared copy and own fields a value was built from by withOwnPart, or undefined. */
export function ownPartOf(value: unknown): TParts | undefined {
  return typeof value === 'object' && value !== null ? partsOf.get(value) : undefined;
}
