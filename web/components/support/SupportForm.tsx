// 'Contact Support' (SPEC §2, §4, §5, §7, §8): every field required, sent to the site as
// 'Support Request - {category}: {subject}' with the category heading the message.
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Send } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { SUPPORT_CATEGORIES, SUPPORT_REPLY_HOURS } from '@shared/constants';
import { HONEYPOT_FIELD, SUPPORT_RECIPIENT } from '@shared/schemas/contact';
import type { TCurrentUser } from '@shared/schemas/user';
import { useCurrentUser } from '@/api/auth';
import { sendErrorMessage, useSendMessage } from '@/api/messages';
import { CONTACT_LIMITS } from '@/components/contact/contact-limits';
import { HoneypotField } from '@/components/contact/HoneypotField';
import { OptionSelect } from '@/components/contact/OptionSelect';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';

type TCategory = (typeof SUPPORT_CATEGORIES)[number]['value'];

const ZSupportForm = z.object({
  name: z.string().trim().min(1),
  email: z.string().trim().min(1),
  subject: z.string().trim().min(1),
  // A string while nothing is chosen yet (the select shows its placeholder), one of the keys once sent.
  category: z.string().pipe(z.enum(SUPPORT_CATEGORIES.map((category) => category.value) as [TCategory, ...TCategory[]])),
  message: z.string().trim().min(1),
  [HONEYPOT_FIELD]: z.string(),
});
type TSupportForm = z.input<typeof ZSupportForm>;
type TSupportValues = z.output<typeof ZSupportForm>;

// The longest category label, so the composed subject and message stay within what the server accepts.
const LONGEST_LABEL = Math.max(...SUPPORT_CATEGORIES.map((category) => category.label.length));
const SUBJECT_MAX = CONTACT_LIMITS.subject - 'Support Request - : '.length - LONGEST_LABEL;
const MESSAGE_MAX = CONTACT_LIMITS.message - 'Category: \n\n'.length - LONGEST_LABEL;

/** SPEC §5: the full name when both names exist, else the part of the e-mail before the @. */
function memberName(user: TCurrentUser): string {
  const first = user.firstName.trim();
  const last = user.lastName.trim();
  return first && last ? `${first} ${last}` : (user.email.split('@')[0] ?? '');
}

const categoryLabel = (value: TCategory) => SUPPORT_CATEGORIES.find((category) => category.value === value)?.label ?? value;

/**
 * The SPEC writes '{category}' in the subject and 'the category' in the message; both use the label people
 * chose from ('Technical Problems'), not the key ('technical'), since people read these e-mails.
 */
function supportMessage(values: TSupportValues) {
  const label = categoryLabel(values.category);
  return {
    name: values.name,
    email: values.email,
    subject: `Support Request - ${label}: ${values.subject}`,
    message: `Category: ${label}\n\n${values.message}`,
    recipientId: SUPPORT_RECIPIENT,
    projectId: null,
    projectTitle: null,
  };
}

export function SupportForm() {
  const { user, isLoading } = useCurrentUser();
  // Members get their name and e-mail filled in, so the form waits until we know who is here.
  if (isLoading) {
    return (
      <div className="flex min-h-80 items-center justify-center">
        <Spinner />
      </div>
    );
  }
  return <SupportFormFields user={user} />;
}

function SupportFormFields({ user }: { user: TCurrentUser | null }) {
  const [confirmation, setConfirmation] = useState(false);
  const send = useSendMessage();
  const defaults = (): TSupportForm => ({
    name: user ? memberName(user) : '',
    email: user?.email ?? '',
    subject: '',
    category: '',
    message: '',
    [HONEYPOT_FIELD]: '',
  });
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TSupportForm, unknown, TSupportValues>({ resolver: zodResolver(ZSupportForm), defaultValues: defaults() });

  const onSubmit = handleSubmit(
    (values) => {
      setConfirmation(false);
      send.mutate(
        { ...supportMessage(values), [HONEYPOT_FIELD]: values[HONEYPOT_FIELD] },
        {
          onSuccess: () => {
            reset(defaults());
            setConfirmation(true);
            toast('Message sent successfully', { description: `We'll get back to you within ${SUPPORT_REPLY_HOURS} hours.` });
          },
          onError: (error) => toast.error('Failed to send message', { description: sendErrorMessage(error, 'Failed to send message') }),
        },
      );
    },
    () => {
      setConfirmation(false);
      toast.error('Please fill in all fields', { description: 'All fields are required to submit your support request.' });
    },
  );

  return (
    // No `required` or browser e-mail checks: missing fields get the SPEC's toast instead of the browser's bubble.
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {confirmation && (
        <div role="status" className="flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600" aria-hidden />
          <p>
            <strong className="font-semibold">Thanks, your request is on its way.</strong> We'll get back to you by e-mail within {SUPPORT_REPLY_HOURS}{' '}
            hours.
          </p>
        </div>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="support-name" label="Name">
          {(field) => <Input {...field} aria-invalid={Boolean(errors.name)} aria-required autoComplete="name" maxLength={CONTACT_LIMITS.name} {...register('name')} />}
        </FormField>
        <FormField id="support-email" label="Email">
          {(field) => (
            <Input {...field} aria-invalid={Boolean(errors.email)} aria-required type="email" autoComplete="email" maxLength={CONTACT_LIMITS.email} {...register('email')} />
          )}
        </FormField>
      </div>
      <FormField id="support-category" label="Category">
        {(field) => (
          <Controller
            control={control}
            name="category"
            render={({ field: select }) => (
              <OptionSelect {...field} {...select} aria-invalid={Boolean(errors.category)} placeholder="Choose a category" options={SUPPORT_CATEGORIES} />
            )}
          />
        )}
      </FormField>
      <FormField id="support-subject" label="Subject">
        {(field) => <Input {...field} aria-invalid={Boolean(errors.subject)} aria-required maxLength={SUBJECT_MAX} {...register('subject')} />}
      </FormField>
      <FormField id="support-message" label="Message" hint="Tell us what happened, what you expected, and the page or project involved.">
        {(field) => <Textarea {...field} aria-invalid={Boolean(errors.message)} aria-required rows={6} maxLength={MESSAGE_MAX} {...register('message')} />}
      </FormField>
      <HoneypotField {...register(HONEYPOT_FIELD)} />
      <div className="flex justify-end">
        <Button type="submit" busy={send.isPending}>
          {!send.isPending && <Send className="h-4 w-4" aria-hidden />}
          {send.isPending ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}
