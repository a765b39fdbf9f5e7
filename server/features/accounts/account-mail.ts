// The e-mails about a member's own credentials: a password reset link, and the two sides of an
// e-mail change. Plain text; each link carries a single-use token.
import { EMAIL_CHANGE_LINK_HOURS, PASSWORD_RESET_LINK_HOURS } from '../../../shared/constants';

interface TSite {
  siteName: string;
  publicUrl: string;
}

export interface TAccountMail {
  subject: string;
  text: string;
}

const hours = (count: number) => (count === 1 ? '1 hour' : `${count} hours`);

export function passwordResetMail(site: TSite, token: string): TAccountMail {
  return {
    subject: `Reset your ${site.siteName} password`,
    text: [
      `Someone (we hope you) asked to reset the password of your ${site.siteName} account.`,
      '',
      `Choose a new password here. The link works once and expires in ${hours(PASSWORD_RESET_LINK_HOURS)}:`,
      `${site.publicUrl}/reset-password?token=${token}`,
      '',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  };
}

export function confirmEmailMail(site: TSite, token: string): TAccountMail {
  return {
    subject: `Confirm your new e-mail address for ${site.siteName}`,
    text: [
      `You asked to use this address for your ${site.siteName} account.`,
      '',
      `Confirm it here. The link works once and expires in ${hours(EMAIL_CHANGE_LINK_HOURS)}:`,
      `${site.publicUrl}/confirm-email?token=${token}`,
      '',
      'If you did not ask for this, ignore this e-mail: nothing changes.',
    ].join('\n'),
  };
}

/** To the new address when it already belongs to an account: it learns that, the requester does not. */
export function addressTakenMail(site: TSite): TAccountMail {
  return {
    subject: `Your address and ${site.siteName}`,
    text: [
      `Someone asked to move a ${site.siteName} account to this address. This address already belongs to an account, so nothing was changed.`,
      '',
      `If it was you, sign in with this address at ${site.publicUrl}/login. If not, you can ignore this e-mail.`,
    ].join('\n'),
  };
}

/** 'newname@example.com' → 'n…@example.com': enough for the owner to recognise, not to copy. */
export function maskedAddress(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}…${email.slice(at)}`;
}

/** To the old address: the member hears of the change even if someone else asked for it. */
export function emailChangeNoticeMail(site: TSite, newEmail: string): TAccountMail {
  return {
    subject: `Your ${site.siteName} e-mail address is being changed`,
    text: [
      `Someone signed in to your ${site.siteName} account asked to change its e-mail address to ${maskedAddress(newEmail)}.`,
      'The change happens only once the link sent to the new address is opened.',
      '',
      `If this was not you, change your password now (Profile → Settings) at ${site.publicUrl}/profile, or reset it at ${site.publicUrl}/forgot-password.`,
    ].join('\n'),
  };
}
