// The frame of the site's contact forms (support, careers; SPEC §4, §5, §7, §8): react-hook-form over the
// form's shared schema, the member's name and e-mail filled in, the spam trap, the SPEC's toasts, the
// button disabled while sending, and on success an empty form with a confirmation. Each form brings its fields and texts.
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Send } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useForm, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { CONTACT_LIMITS } from '@shared/constants';
import { HONEYPOT_FIELD, type TSiteMessage } from '@shared/schemas/contact';
import type { TCurrentUser } from '@shared/schemas/user';
import { useCurrentUser } from '@/api/auth';
import { sendErrorMessage, useSendMessage } from '@/api/messages';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { HoneypotField, honeypotValue } from './HoneypotField';

interface TContactFields {
  name: string;
  email: string;
}

/** A toast's title and text. */
type TToast = [title: string, description: string];

export interface TContactFormTexts {
  /** Some required field is empty: nothing is sent. */
  incomplete: TToast;
  sent: TToast;
  /** The title, and the text when the server gives no reason. */
  failed: TToast;
  /** Shown above the emptied form after sending. */
  confirmation: ReactNode;
  submit: string;
}

interface ContactFormProps<TInput extends TContactFields, TOutput> {
  schema: z.ZodType<TOutput, TInput>;
  /** The form with nothing filled in but who writes (the member's name and e-mail, or nothing). */
  blank: (writer: TContactFields) => TInput;
  toMessage: (values: TOutput) => TSiteMessage;
  texts: TContactFormTexts;
  /** The form's own fields. */
  children: (form: UseFormReturn<TInput, unknown, TOutput>) => ReactNode;
}

/** SPEC §5: the full name when both names exist, else the part of the e-mail before the @. */
function memberName(user: TCurrentUser): string {
  const first = user.firstName.trim();
  const last = user.lastName.trim();
  return first && last ? `${first} ${last}` : (user.email.split('@')[0] ?? '');
}

export function ContactForm<TInput extends TContactFields, TOutput>(props: ContactFormProps<TInput, TOutput>) {
  const { user, isLoading } = useCurrentUser();
  // Members get their name and e-mail filled in, so the form waits until we know who is here.
  if (isLoading) {
    return (
      <div className="flex min-h-80 items-center justify-center">
        <Spinner />
      </div>
    );
  }
  return <ContactFormFields {...props} user={user} />;
}

function ContactFormFields<TInput extends TContactFields, TOutput>({ schema, blank, toMessage, texts, children, user }: ContactFormProps<TInput, TOutput> & { user: TCurrentUser | null }) {
  const [confirmation, setConfirmation] = useState(false);
  const send = useSendMessage();
  const defaults = blank({ name: user ? memberName(user) : '', email: user?.email ?? '' });
  // `values` rather than defaultValues: the same start, typed by the form's own fields.
  const form = useForm<TInput, unknown, TOutput>({ resolver: zodResolver(schema), values: defaults });

  function sendMessage(values: TOutput, trap: string) {
    setConfirmation(false);
    send.mutate(
      // The trap travels with the message, so the server can tell a bot.
      { ...toMessage(values), [HONEYPOT_FIELD]: trap },
      {
        onSuccess: () => {
          form.reset(defaults);
          setConfirmation(true);
          toast(texts.sent[0], { description: texts.sent[1] });
        },
        onError: (error) => toast.error(texts.failed[0], { description: sendErrorMessage(error, texts.failed[1]) }),
      },
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    const trap = honeypotValue(event.currentTarget);
    void form.handleSubmit(
      (values) => sendMessage(values, trap),
      () => {
        setConfirmation(false);
        toast.error(texts.incomplete[0], { description: texts.incomplete[1] });
      },
    )(event);
  }

  return (
    // No `required` or browser e-mail checks: missing fields get the SPEC's toast instead of the browser's bubble.
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      {confirmation && (
        <div role="status" className="flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600" aria-hidden />
          <p>{texts.confirmation}</p>
        </div>
      )}
      {children(form)}
      <HoneypotField />
      <div className="flex justify-end">
        <Button type="submit" busy={send.isPending}>
          {!send.isPending && <Send className="h-4 w-4" aria-hidden />}
          {send.isPending ? 'Sending...' : texts.submit}
        </Button>
      </div>
    </form>
  );
}

interface ContactIdentityProps {
  /** Prefix of the fields' ids ('support', 'career'). */
  id: string;
  nameLabel: string;
  name: UseFormRegisterReturn;
  email: UseFormRegisterReturn;
  invalid: { name: boolean; email: boolean };
}

/** Who writes: name and e-mail, required, as long as the server accepts. */
export function ContactIdentityFields({ id, nameLabel, name, email, invalid }: ContactIdentityProps) {
  return (
    <>
      <FormField id={`${id}-name`} label={nameLabel}>
        {(field) => <Input {...field} aria-invalid={invalid.name} aria-required autoComplete="name" maxLength={CONTACT_LIMITS.name} {...name} />}
      </FormField>
      <FormField id={`${id}-email`} label="Email">
        {(field) => <Input {...field} aria-invalid={invalid.email} aria-required type="email" autoComplete="email" maxLength={CONTACT_LIMITS.email} {...email} />}
      </FormField>
    </>
  );
}
