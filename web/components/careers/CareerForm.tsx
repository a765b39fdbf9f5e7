// 'Apply Now' (SPEC §2, §3, §5, §7, §8): a career application, sent to the site as
// 'Career Application - {position}' with position, level, cover letter and resume link in the message.
import { Link } from 'react-router';
import { CAREER_POSITIONS, EXPERIENCE_LEVELS } from '@shared/constants';
import { CAREER_FORM_LIMITS, toCareerApplication, ZCareerForm } from '@shared/schemas/contact';
import { ContactForm, ContactIdentityFields, type TContactFormTexts } from '@/components/contact/ContactForm';
import { OptionField } from '@/components/contact/OptionField';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

const TEXTS: TContactFormTexts = {
  incomplete: ['Please fill in all required fields', 'Name, email, position, experience level, and cover letter are required.'],
  sent: ['Application sent successfully', "We'll review your application and get back to you soon."],
  failed: ['Failed to send application', 'Failed to send application'],
  confirmation: (
    <>
      <strong className="font-semibold">Thank you for applying!</strong> We'll review your application and get back to you by e-mail soon.
    </>
  ),
  submit: 'Submit Application',
};

const LINK = 'rounded-sm font-medium text-accent hover:text-accent-hover';

export function CareerForm() {
  return (
    <ContactForm
      schema={ZCareerForm}
      blank={(writer) => ({ ...writer, position: '', experience: '', message: '', resumeUrl: '' })}
      toMessage={toCareerApplication}
      texts={TEXTS}
    >
      {({ register, control, formState: { errors } }) => (
        <>
          <div className="grid gap-5 sm:grid-cols-2">
            <ContactIdentityFields id="career" nameLabel="Full name" name={register('name')} email={register('email')} invalid={{ name: Boolean(errors.name), email: Boolean(errors.email) }} />
            <OptionField control={control} name="position" id="career-position" label="Position" placeholder="Choose a position" options={CAREER_POSITIONS} />
            <OptionField control={control} name="experience" id="career-experience" label="Experience level" placeholder="Choose your level" options={EXPERIENCE_LEVELS} />
          </div>
          <FormField id="career-message" label="Cover letter" hint="Tell us about yourself, the work you're proudest of, and why you want to join.">
            {(field) => <Textarea {...field} aria-invalid={Boolean(errors.message)} aria-required rows={8} maxLength={CAREER_FORM_LIMITS.coverLetter} {...register('message')} />}
          </FormField>
          <FormField id="career-resume" label="Resume or portfolio link (optional)">
            {(field) => <Input {...field} type="url" inputMode="url" placeholder="https://" maxLength={CAREER_FORM_LIMITS.resumeUrl} {...register('resumeUrl')} />}
          </FormField>
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
        </>
      )}
    </ContactForm>
  );
}
