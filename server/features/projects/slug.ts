import { randomBytes } from 'node:crypto';

/**
 * A readable URL slug from a title. Never all digits: /project/{param} treats a number
 * as an id (SPEC §2).
 */
export function slugify(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  if (!base) return 'project';
  return /^\d+$/.test(base) ? `${base}-project` : base;
}

/** The slug with a short random suffix, for when the plain one is taken. */
export function suffixed(slug: string): string {
  return `${slug}-${randomBytes(4).toString('hex').slice(0, 6)}`;
}
