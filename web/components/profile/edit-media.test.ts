import { describe, expect, it } from 'vitest';
import { makeCover, mediaChanged, moveItem, removeItem } from './edit-media';

describe('edit dialog media list', () => {
  it('moves an item up or down, and nothing past either end', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    const items = ['a', 'b'];
    expect(moveItem(items, 0, -1)).toBe(items);
    expect(moveItem(items, 1, 1)).toBe(items);
  });

  it('makes an item the cover by putting it first, the rest in their order', () => {
    expect(makeCover(['a', 'b', 'c', 'd'], 2)).toEqual(['c', 'a', 'b', 'd']);
    const items = ['a', 'b'];
    expect(makeCover(items, 0)).toBe(items);
  });

  it('removes an item but never the last one', () => {
    expect(removeItem(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
    const single = ['a'];
    expect(removeItem(single, 0)).toBe(single);
  });

  it('sends the media only when the list differs from the project’s', () => {
    expect(mediaChanged(['a', 'b'], ['a', 'b'])).toBe(false);
    expect(mediaChanged(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(mediaChanged(['a', 'b'], ['a'])).toBe(true);
    expect(mediaChanged(['a'], ['a', null])).toBe(true);
  });
});
