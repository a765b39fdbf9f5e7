// The one password rule beyond the schema's length (shared/schemas/auth.ts ZPassword): not one
// of the most common passwords, and not made of the member's own name or e-mail address. Used
// by sign-up, password change and password reset. Server-side only: the list stays out of the
// client's bundles, and the form shows the server's 400 under the password field.
import { invalidField } from '../../http/errors';

export const PASSWORD_TOO_COMMON = 'This password is too common. Choose one that is harder to guess.';
export const PASSWORD_TOO_PERSONAL = 'Your password must not contain your name or e-mail address.';

/** Who the password is for: their name and address must not be the password. */
export interface TPasswordOwner {
  email: string;
  firstName: string;
  lastName: string;
}

/** Shorter remainders ('abc' of 'abc12345') are not worth looking up: the length rule covers them. */
const MIN_WORD = 4;
/** A name shorter than this ('Li', 'Al') is too short to be told apart from chance. */
const MIN_PERSONAL_TOKEN = 2;

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/**
 * zxcvbn-ts's list of common passwords (about 49,000, most common first, from leaked password
 * sets), loaded on first use and kept: a few MB, read once per process.
 */
function commonPasswordSet(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']));
  return commonPasswords;
}

/** Letters only, lower-cased: what is left of a password or name once digits and punctuation go. */
function lettersOf(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}]/gu, '');
}

/** 'Password123!' → 'password': the word a common password hides behind a number or a symbol. */
function withoutTrimmings(text: string): string {
  return text.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
}

async function isCommon(password: string): Promise<boolean> {
  const list = await commonPasswordSet();
  const lower = password.toLowerCase();
  if (list.has(lower)) return true;
  const word = withoutTrimmings(password);
  return word.length >= MIN_WORD && list.has(word);
}

/** The pieces of the member's identity a password must not be made of. */
function personalTokens(owner: TPasswordOwner): string[] {
  const [local = '', domain = ''] = owner.email.toLowerCase().split('@');
  const tokens = [
    owner.firstName,
    owner.lastName,
    `${owner.firstName}${owner.lastName}`,
    local,
    ...local.split(/[._+-]+/),
    `${local}${domain}`,
  ].map(lettersOf);
  return [...new Set(tokens)].filter((token) => token.length >= MIN_PERSONAL_TOKEN);
}

/** Can `letters` be cut into pieces that are each one of the tokens ('adalovelace', 'lovelaceada')? */
function madeOf(letters: string, tokens: string[]): boolean {
  const reachable = new Array<boolean>(letters.length + 1).fill(false);
  reachable[0] = true;
  for (let end = 1; end <= letters.length; end += 1) {
    reachable[end] = tokens.some((token) => token.length <= end && reachable[end - token.length] === true && letters.endsWith(token, end));
  }
  return reachable[letters.length] === true;
}

/**
 * Made of the member's own name or address: the whole address anywhere in it, or nothing but
 * their first name, last name, the e-mail's local part (or its pieces) and the address, in any
 * order, with digits and punctuation around ('Lovelace1815!', 'ada.lovelace', 'ada@example.com').
 */
function isPersonal(password: string, owner: TPasswordOwner): boolean {
  const lower = password.toLowerCase();
  if (lower.includes(owner.email.toLowerCase())) return true;
  const letters = lettersOf(password);
  return letters.length > 0 && madeOf(letters, personalTokens(owner));
}

/** What is wrong with this password for this member, or null when it may be used. */
export async function passwordProblem(password: string, owner: TPasswordOwner): Promise<string | null> {
  if (isPersonal(password, owner)) return PASSWORD_TOO_PERSONAL;
  if (await isCommon(password)) return PASSWORD_TOO_COMMON;
  return null;
}

/** 400 'Validation failed' with the problem under `field`, as the schema's own failures read. */
export async function assertPasswordAllowed(password: string, owner: TPasswordOwner, field: string): Promise<void> {
  const problem = await passwordProblem(password, owner);
  if (problem) throw invalidField(field, problem);
}
