import { z } from 'zod';
import { isHttpUrl } from '../urls';
import { ZOptionalText, ZOptionalUrl } from './common';

/** An avatar is either an absolute URL or a path to media this site serves. */
const ZImageUrl = z
  .string()
  .trim()
  .max(2048, 'Please enter a valid image URL')
  .refine((value) => value === '' || isHttpUrl(value) || /^\/media\/[\w./-]+$/.test(value), 'Please enter a valid image URL')
  .transform((value) => (value === '' ? null : value))
  .nullish();

export const ZUpdateProfileRequest = z
  .object({
    firstName: z.string().trim().min(1, 'First name is required').max(50, 'First name is too long'),
    lastName: z.string().trim().min(1, 'Last name is required').max(50, 'Last name is too long'),
    bio: ZOptionalText(500, 'Bio is too long'),
    website: ZOptionalUrl('Please enter a valid website URL'),
    location: ZOptionalText(100, 'Location is too long'),
    profileImageUrl: ZImageUrl,
    title: ZOptionalText(100, 'Title is too long'),
    twitterUrl: ZOptionalUrl('Please enter a valid X (Twitter) URL'),
    dribbbleUrl: ZOptionalUrl('Please enter a valid Dribbble URL'),
    behanceUrl: ZOptionalUrl('Please enter a valid Behance URL'),
  })
  .partial();
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;
export type TUpdateProfileForm = z.input<typeof ZUpdateProfileRequest>;
