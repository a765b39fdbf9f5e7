import { describe, expect, it } from 'vitest';
import { applicationLink } from './job-links';

describe('applicationLink', () => {
  it('turns a value with an @ into a mailto: link', () => {
    expect(applicationLink('jobs@studio.example')).toBe('mailto:jobs@studio.example');
  });

  it('uses any other value as it is', () => {
    expect(applicationLink('https://studio.example/careers')).toBe('https://studio.example/careers');
  });

  it("gives '#' when there is no application link", () => {
    expect(applicationLink(undefined)).toBe('#');
    expect(applicationLink(null)).toBe('#');
    expect(applicationLink('  ')).toBe('#');
  });
});
