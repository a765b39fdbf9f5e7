// The notification e-mails: one event (a comment, a reply), the daily digest, and the
// unsubscribe part every one of them carries (RFC 8058 headers and a link in the body).
import { headerText } from '../../adapters/mail/mailer';
import type { TNotification, TUnsubscribeType } from '../../../shared/schemas/notification';

interface TSite {
  siteName: string;
  publicUrl: string;
}

/** The link an unsubscribe header names: POSTed by the mail provider, a page when opened. */
export function unsubscribeApiUrl(site: TSite, token: string, type: TUnsubscribeType): string {
  return `${site.publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}&type=${type}`;
}

export function unsubscribePageUrl(site: TSite, token: string, type: TUnsubscribeType): string {
  return `${site.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}&type=${type}`;
}

/** One-click unsubscribe (RFC 8058): mail clients show an Unsubscribe button that POSTs the URL. */
export function unsubscribeHeaders(site: TSite, token: string, type: TUnsubscribeType): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeApiUrl(site, token, type)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

const WHAT_STOPS: Record<TUnsubscribeType, string> = {
  hire: 'hire message e-mails',
  comment: 'e-mails about comments on your projects',
  reply: 'e-mails about replies to your comments',
  digest: 'the daily digest',
};

/** The lines every notification e-mail ends with. */
export function unsubscribeFooter(site: TSite, token: string, type: TUnsubscribeType): string {
  return [`To stop ${WHAT_STOPS[type]}: ${unsubscribePageUrl(site, token, type)}`, `All notification settings: ${site.publicUrl}/profile (Settings)`].join('\n');
}

/** A comment or a reply, sent at once. */
export function composeEventMail(site: TSite, notification: TNotification, excerpt: string | undefined): { subject: string; text: string } {
  const lines = [`${notification.text}.`, ''];
  if (excerpt) lines.push(`"${excerpt}"`, '');
  lines.push(`Open it: ${site.publicUrl}${notification.url}`);
  return { subject: headerText(notification.text), text: lines.join('\n') };
}

/** The day's events in one e-mail; `more` when there were more than it lists. */
export function composeDigestMail(site: TSite, notifications: TNotification[], more: boolean): { subject: string; text: string } {
  const lines = [`Here is what happened on ${site.siteName} since your last summary.`, ''];
  for (const notification of notifications) lines.push(`- ${notification.text}`, `  ${site.publicUrl}${notification.url}`);
  if (more) lines.push('', `…and more: ${site.publicUrl}/notifications`);
  return { subject: headerText(`Your daily summary from ${site.siteName}`), text: lines.join('\n') };
}

/** The body with the unsubscribe footer after the signature separator. */
export function withFooter(text: string, footer: string): string {
  const body = text.endsWith('\n') ? text : `${text}\n`;
  return `${body}${body.includes('\n-- \n') ? '\n' : '\n-- \n'}${footer}\n`;
}
