// 'Apply Now' (SPEC §2, §3, §4, §5, §7, §8): a career application, sent to the site as
// 'Career Application - {position}' with position, level, cover letter and resume link in the message.
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Send } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { CAREER_POSITIONS, EXPERIENCE_LEVELS } from '@shared/constants';
import { CAREERS_RECIPIENT, HONEYPOT_FIELD } from '@shared/schemas/contact';
import { sendErrorMessage, useSendMessage } from '@/api/messages';
import { CONTACT_LIMITS } from '@/components/contact/contact-limits';
import { HoneypotField } from '@/components/contact/HoneypotField';
import { OptionSelect } from '@/components/contact/OptionSelect';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

type TPosition = (typeof CAREER_POSITIONS)[number]['value'];
type TExperience = (typeof EXPERIENCE_LEVELS)[number]['value'];

// With the labels around them these stay well inside the 5000 characters a message may have.
const COVER_LETTER_MAX = 4000;
const RESUME_URL_MAX = 500;

const ZCareerForm = z.object({
  name: z.string().trim().min(1),
  email: z.string().trim().min(1),
  // Strings while nothing is chosen yet (the selects show their placeholders), keys once sent.
  position: z.string().pipe(z.enum(CAREER_POSITIONS.map((position) => position.value) as [TPosition, ...TPosition[]])),
  experience: z.string().pipe(z.enum(EXPERIENCE_LEVELS.map((level) => level.value) as [TExperience, ...TExperience[]])),
  message: z.string().trim().min(1),
  resumeUrl: z.string().trim(),
  [HONEYPOT_FIELD]: z.string(),
});
type TCareerForm = z.input<typeof ZCareerForm>;
type TCareerValues = z.output<typeof ZCareerForm>;

const EMPTY: TCareerForm = { name: '', email: '', position: '', experience: '', message: '', resumeUrl: '', [HONEYPOT_FIELD]: '' };

const labelOf = (options: readonly { value: string; label: string }[], value: string) => options.find((option) => option.value === value)?.label ?? value;

/** SPEC §7: the position by its label in the subject; the message lists everything, 'Not provided' for a blank resume link. */
function careerMessage(values: TCareerValues) {
  const position = labelOf(CAREER_POSITIONS, values.position);
  const experience = labelOf(EXPERIENCE_LEVELS, values.experience);
  return {
    name: values.name,
    email: values.email,
    subject: `Career Application - ${position}`,
    message: [
      `Position: ${position}`,
      `Experience Level: ${experience}`,
      '',
      'Cover Letter:',
      values.message,
      '',
      `Resume/Portfolio: ${values.resumeUrl || 'Not provided'}`,
    ].join('\n'),
    recipientId: CAREERS_RECIPIENT,
    projectId: null,
    projectTitle: 'Career Application',
  };
}

const LINK = 'rounded-sm font-medium text-accent hover:text-accent-hover';

export function CareerForm() {
  const [confirmation, setConfirmation] = useState(false);
  const send = useSendMessage();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TCareerForm, unknown, TCareerValues>({ resolver: zodResolver(ZCareerForm), defaultValues: EMPTY });

  const onSubmit = handleSubmit(
    (values) => {
      setConfirmation(false);
      send.mutate(
        { ...careerMessage(values), [HONEYPOT_FIELD]: values[HONEYPOT_FIELD] },
        {
          onSuccess: () => {
            reset(EMPTY);
            setConfirmation(true);
            toast('Application sent successfully', { description: "We'll review your application and get back to you soon." });
          },
          onError: (error) => toast.error('Failed to send application', { description: sendErrorMessage(error, 'Failed to send application') }),
        },
      );
    },
    () => {
      setConfirmation(false);
      toast.error('Please fill in all required fields', { description: 'Name, email, position, experience level, and cover letter are required.' });
    },
  );

  return (
    // No `required` or browser e-mail checks: missing fields get the SPEC's toast instead of the browser's bubble.
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {confirmation && (
        <div role="status" className="flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600" aria-hidden />
          <p>
            <strong className="font-semibold">Thank you for applying!</strong> We'll review your application and get back to you by e-mail soon.
          </p>
        </div>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="career-name" label="Full name">
          {(field) => <Input {...field} aria-invalid={Boolean(errors.name)} aria-required autoComplete="name" maxLength={CONTACT_LIMITS.name} {...register('name')} />}
        </FormField>
        <FormField id="career-email" label="Email">
          {(field) => (
            <Input {...field} aria-invalid={Boolean(errors.email)} aria-required type="email" autoComplete="email" maxLength={CONTACT_LIMITS.email} {...register('email')} />
          )}
        </FormField>
        <FormField id="career-position" label="Position">
          {(field) => (
            <Controller
              control={control}
              name="position"
              render={({ field: select }) => (
                <OptionSelect {...field} {...select} aria-invalid={Boolean(errors.position)} placeholder="Choose a position" options={CAREER_POSITIONS} />
              )}
            />
          )}
        </FormField>
        <FormField id="career-experience" label="Experience level">
          {(field) => (
            <Controller
              control={control}
              name="experience"
              render={({ field: select }) => (
                <OptionSelect {...field} {...select} aria-invalid={Boolean(errors.experience)} placeholder="Choose your level" options={EXPERIENCE_LEVELS} />
              )}
            />
          )}
        </FormField>
      </div>
      <FormField id="career-message" label="Cover letter" hint="Tell us about yourself, the work you're proudest of, and why you want to join.">
        {(field) => <Textarea {...field} aria-invalid={Boolean(errors.message)} aria-required rows={8} maxLength={COVER_LETTER_MAX} {...register('message')} />}
      </FormField>
      <FormField id="career-resume" label="Resume or portfolio link (optional)">
        {(field) => <Input {...field} type="url" inputMode="url" placeholder="https://" maxLength={RESUME_URL_MAX} {...register('resumeUrl')} />}
      </FormField>
      <HoneypotField {...register(HONEYPOT_FIELD)} />
      <p className="text-[13px] text-zinc-500">
        By submitting your application you agree to our{' '}
        <Link to="/privacy" className={LINK}>
          Privacy Policy
        </Link>{' '}
        and{' '}
        <Link to="/terms" className={LINK}>
          Terms of Service
        </Link>
        . We use the details you send only to consider your application.
      </p>
      <div className="flex justify-end">
        <Button type="submit" busy={send.isPending}>
          {!send.isPending && <Send className="h-4 w-4" aria-hidden />}
          {send.isPending ? 'Sending...' : 'Submit Application'}
        </Button>
      </div>
    </form>
  );
}
