import { describe, expect, it } from 'vitest';
import { ownPartOf, withOwnPart } from './own-part';

describe('withOwnPart', () => {
  const card = () => ({ id: 7, title: 'Shared', isLiked: false, isFollowing: false, views: 3 });

  it('is the copy with the own fields over it, frozen, and remembers what it was built from', () => {
    const copy = card();
    const mine = withOwnPart(copy, { isLiked: true });
    expect(mine).toEqual({ ...copy, isLiked: true });
    expect(Object.isFrozen(mine) && Object.isFrozen(copy)).toBe(true);
    expect(ownPartOf(mine)).toEqual({ copy, own: { isLiked: true }, shared: true });
  });

  it('hands out one value per copy and true-or-false own fields, to every member who has them', () => {
    const copy = card();
    const first = withOwnPart(copy, { isLiked: true, isFollowing: false });
    expect(withOwnPart(copy, { isLiked: true, isFollowing: false })).toBe(first);
    expect(withOwnPart(copy, { isLiked: false, isFollowing: false })).not.toBe(first);
    expect(withOwnPart(copy, { isLiked: false, isFollowing: false })).toEqual({ ...copy });
    // Another copy of the same card (read again after a change) has values of its own.
    expect(withOwnPart(card(), { isLiked: true, isFollowing: false })).not.toBe(first);
  });

  it('builds a value anew when an own field is not true or false (a count that moves)', () => {
    const copy = card();
    const seen = withOwnPart(copy, { views: 4, isLiked: false });
    expect(withOwnPart(copy, { views: 4, isLiked: false })).not.toBe(seen);
    expect(withOwnPart(copy, { views: 5, isLiked: false })).toMatchObject({ views: 5 });
    expect(ownPartOf(seen)?.shared).toBe(false);
  });
});
