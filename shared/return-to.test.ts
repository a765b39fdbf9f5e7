import { describe, expect, it } from 'vitest';
import { parseReturnTo, returnToQuery, safeNextPath } from './return-to';

describe('return-to after signing in (issue 16)', () => {
  it('keeps a path on this site', () => {
    expect(safeNextPath('/project/sunset')).toBe('/project/sunset');
    expect(safeNextPath('/search?q=cats#top')).toBe('/search?q=cats#top');
    expect(safeNextPath('/')).toBe('/');
  });

  it('refuses anything that could leave the site, or loop back to sign-in', () => {
    for (const next of ['//evil.example', '/\\evil.example', 'https://evil.example', 'evil', '', '/\t/evil.example', '/\n/evil.example', '/login', '/signup?code=x', '/Login/', '/api/login', null, undefined, `/${'a'.repeat(2000)}`]) {
      expect(safeNextPath(next)).toBeNull();
    }
  });

  it('reads next, do and id, dropping an unknown action or a bad id', () => {
    const query = (text: string) => new URLSearchParams(text);
    expect(parseReturnTo(query('next=/project/x&do=like&id=42'))).toEqual({ next: '/project/x', action: 'like', targetId: 42 });
    expect(parseReturnTo(query('next=/project/x&do=delete&id=42'))).toEqual({ next: '/project/x' });
    expect(parseReturnTo(query('next=/project/x&do=follow&id=-1'))).toEqual({ next: '/project/x' });
    expect(parseReturnTo(query('next=//evil.example&do=like&id=1'))).toBeNull();
    expect(returnToQuery({ next: '/project/x', action: 'hire', targetId: 7 })).toBe('?next=%2Fproject%2Fx&do=hire&id=7');
    expect(returnToQuery({ next: '//evil.example' })).toBe('');
    expect(returnToQuery(null)).toBe('');
  });
});
