// The receipt a poster gets when their job goes live: plain text with the job's title, the
// amount paid, the date the listing ends and the provider's payment reference.
import { headerText } from '../../adapters/mail/mailer';

export interface TReceiptMailInput {
  jobTitle: string;
  /** In cents, as the provider charged it. */
  amount: number;
  /** Lower case, e.g. 'usd'. */
  currency: string;
  activeUntil: Date;
  paymentIntentId: string;
  siteName: string;
  publicUrl: string;
}

/** 25000 'usd' → '$250.00'; other currencies as '250.00 EUR'. */
export function formatAmount(amount: number, currency: string): string {
  const value = (amount / 100).toFixed(2);
  return currency.toLowerCase() === 'usd' ? `$${value}` : `${value} ${currency.toUpperCase()}`;
}

/** 'March 3, 2027' in UTC: the day the listing ends for everyone. */
function formatDay(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

export function composeReceiptMail(input: TReceiptMailInput): { subject: string; text: string } {
  const title = headerText(input.jobTitle);
  const subject = `Receipt: your job listing "${title}" is live`;
  const lines = [
    `Thank you for your payment. Your job listing is live on ${input.siteName}.`,
    '',
    `Job: ${title}`,
    `Amount paid: ${formatAmount(input.amount, input.currency)}`,
    `Active until: ${formatDay(input.activeUntil)} (${input.activeUntil.toISOString()})`,
    `Payment reference: ${input.paymentIntentId}`,
    '',
    '-- ',
    `Your jobs, their views and apply clicks: ${input.publicUrl}/profile?tab=jobs`,
  ];
  return { subject, text: `${lines.join('\n')}\n` };
}
