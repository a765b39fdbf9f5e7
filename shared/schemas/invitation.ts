import { z } from 'zod';
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH, INVITE_GENERATE_BATCH } from '../constants';
import { ZId, ZTimestamp } from './common';

const CODE_PATTERN = new RegExp(`^[${INVITE_CODE_ALPHABET}]{${INVITE_CODE_LENGTH}}$`);

/**
 * Codes are read aloud and typed by hand: accept lower case, spaces and dashes,
 * and the Crockford look-alikes (O → 0, I and L → 1).
 */
export function normalizeInvitationCode(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

export function isWellFormedInvitationCode(code: string): boolean {
  return CODE_PATTERN.test(code);
}

export const INVALID_CODE_FORMAT = 'Invalid invitation code format. Please enter a valid code.';

export const ZInvitationCode = z
  .string({ error: 'Invitation code is required' })
  .trim()
  .min(1, 'Invitation code is required')
  .max(64, INVALID_CODE_FORMAT)
  .transform(normalizeInvitationCode)
  .refine(isWellFormedInvitationCode, INVALID_CODE_FORMAT);

/** Validation takes any string so the route can tell "bad format" (400) from "unknown" (404). */
export const ZValidateCodeRequest = z.object({
  code: z.string({ error: 'Invitation code is required' }).max(64, INVALID_CODE_FORMAT),
});

export const ZGenerateCodesRequest = z.object({
  count: z.number().int().min(1).max(INVITE_GENERATE_BATCH).default(INVITE_GENERATE_BATCH),
});
export type TGenerateCodesRequest = z.infer<typeof ZGenerateCodesRequest>;

export const ZInvitationCodeItem = z
  .object({
    id: ZId,
    code: z.string(),
    /** Text 'true' or 'false' (SPEC §3). */
    isUsed: z.enum(['true', 'false']),
    createdAt: ZTimestamp,
    usedAt: ZTimestamp.nullable(),
    /** Display name of the member who signed up with it. */
    usedBy: z.string().nullable(),
    /** When an unused code stops working (INVITE_TTL_DAYS after it was made); null once used. */
    expiresAt: ZTimestamp.nullable(),
  })
  .meta({ id: 'InvitationCode' });
export type TInvitationCode = z.output<typeof ZInvitationCodeItem>;
export const ZInvitationCodeList = z.array(ZInvitationCodeItem);

/** POST /api/invitation-codes/validate: the code, normalised, is usable. */
export const ZValidateCodeResponse = z.object({ valid: z.literal(true), code: z.string() });
export type TValidateCodeResponse = z.output<typeof ZValidateCodeResponse>;

/** GET /api/invitation-codes/allowance (issue 16): how many codes the member holds of how many, so Generate can say why it is off. */
export const ZInvitationAllowance = z.object({
  held: z.number().int().min(0),
  limit: z.number().int().min(0),
  /** False when the member lost the right to invite (members they invited were suspended). */
  canInvite: z.boolean(),
});
export type TInvitationAllowance = z.output<typeof ZInvitationAllowance>;
