// A member's answer built from a copy shared by everyone (a cached project, a gallery or search
// card) and their own few fields (isLiked, isFollowing). Remembered as such, so that the response
// serializer (server/http/serialize-answer.ts) checks and encodes the shared copy once, not on
// every member's request, and checks only the member's own fields each time.

export interface TOwnParts {
  copy: object;
  own: Readonly<Record<string, unknown>>;
  /** Handed out again to every member with the same own fields (all true or false): worth keeping its encoded form. */
  shared: boolean;
}

const partsOf = new WeakMap<object, TOwnParts>();

/**
 * Per shared copy, the values built from it whose own fields are all true or false, by those
 * fields: a card has at most four (liked or not, its creator followed or not), the same for every
 * member. Building each card anew for every member's page (the object spread, frozen and
 * remembered) took a tenth of a members' gallery page's CPU; each variant is now built once and
 * lives as long as its copy (a few hundred bytes: its fields are the copy's own values).
 */
const variantsOf = new WeakMap<object, Map<string, object>>();

/** The own fields as a key when each is true or false (so a copy has few variants), else null. */
function flagsKey(own: Readonly<Record<string, unknown>>): string | null {
  let key = '';
  for (const name in own) {
    const value = own[name];
    if (typeof value !== 'boolean') return null;
    key += value ? `${name},` : `!${name},`;
  }
  return key;
}

function build<T extends object>(copy: T, own: Partial<T>, shared: boolean): T {
  const value = Object.freeze({ ...copy, ...own });
  partsOf.set(value, { copy, own, shared });
  return value;
}

/**
 * `{ ...copy, ...own }`. Both are frozen (their own fields; what they hold is shared as it
 * is): the serializer keeps the copy's encoded form for as long as the copy lives, so a shared
 * copy is replaced, never edited (the read cache's copies already are), and a change to its
 * fields throws rather than goes unseen. Own fields that are all true or false give the same
 * value again for the same copy.
 */
export function withOwnPart<T extends object>(copy: T, own: Partial<T>): T {
  Object.freeze(copy);
  const key = flagsKey(own);
  if (key === null) return build(copy, own, false);
  let variants = variantsOf.get(copy);
  const known = variants?.get(key);
  if (known) return known as T;
  const value = build(copy, own, true);
  if (!variants) variantsOf.set(copy, (variants = new Map()));
  variants.set(key, value);
  return value;
}

/** The shared copy and own fields a value was built from by withOwnPart, or undefined. */
export function ownPartOf(value: unknown): TOwnParts | undefined {
  return typeof value === 'object' && value !== null ? partsOf.get(value) : undefined;
}
