// The e-mail a contact message becomes: plain text naming the sender, their address, the
// project (title and link) and the message. The recipient answers by replying (Reply-To).
import { headerText } from '../../adapters/mail/mailer';
import type { TMessageKind } from '../../db/schema';

export interface TContactMailInput {
  kind: TMessageKind;
  senderName: string;
  senderEmail: string;
  subject: string | null;
  message: string;
  project: { id: number; title: string } | null;
  /** A title sent without a project (a career application's 'Career Application'). */
  projectTitle: string | null;
  siteName: string;
  publicUrl: string;
}

const DEFAULT_SUBJECTS: Record<TMessageKind, (name: string) => string> = {
  hire: (name) => `New message from ${name}`,
  support: (name) => `Support request from ${name}`,
  careers: (name) => `Career application from ${name}`,
};

const OPENINGS: Record<TMessageKind, (sender: string, siteName: string) => string> = {
  hire: (sender, siteName) => `${sender} sent you a message on ${siteName}.`,
  support: (sender, siteName) => `${sender} wrote to ${siteName} support.`,
  careers: (sender, siteName) => `${sender} applied to join ${siteName}.`,
};

export function composeContactMail(input: TContactMailInput): { subject: string; text: string } {
  const name = headerText(input.senderName);
  const subject = headerText(input.subject ?? '') || headerText(DEFAULT_SUBJECTS[input.kind](name));
  const lines = [OPENINGS[input.kind](`${name} <${input.senderEmail}>`, input.siteName), ''];
  if (input.project) lines.push(`Project: ${input.project.title}`, `${input.publicUrl}/project/${input.project.id}`, '');
  else if (input.projectTitle) lines.push(`Regarding: ${input.projectTitle}`, '');
  lines.push(`Subject: ${subject}`, '', input.message, '', '-- ');
  lines.push(`Reply to this e-mail to answer ${name} at ${input.senderEmail}.`);
  if (input.kind === 'hire') lines.push(`Your messages are also on ${input.publicUrl}/profile.`);
  return { subject, text: `${lines.join('\n')}\n` };
}
