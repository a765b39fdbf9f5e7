// 'Contact Support' (SPEC §2, §5, §7, §8): every field required, sent to the site as
// 'Support Request - {category}: {subject}' with the category heading the message.
import { SUPPORT_CATEGORIES, SUPPORT_REPLY_HOURS } from '@shared/constants';
import { SUPPORT_FORM_LIMITS, toSupportRequest, ZSupportForm } from '@shared/schemas/contact';
import { ContactForm, ContactIdentityFields, type TContactFormTexts } from '@/components/contact/ContactForm';
import { OptionField } from '@/components/contact/OptionField';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

const TEXTS: TContactFormTexts = {
  incomplete: ['Please fill in all fields', 'All fields are required to submit your support request.'],
  sent: ['Message sent successfully', `We'll get back to you within ${SUPPORT_REPLY_HOURS} hours.`],
  failed: ['Failed to send message', 'Failed to send message'],
  confirmation: (
    <>
      <strong className="font-semibold">Thanks, your request is on its way.</strong> We'll get back to you by e-mail within {SUPPORT_REPLY_HOURS} hours.
    </>
  ),
  submit: 'Send Message',
};

export function SupportForm() {
  return (
    <ContactForm schema={ZSupportForm} blank={(writer) => ({ ...writer, subject: '', category: '', message: '' })} toMessage={toSupportRequest} texts={TEXTS}>
      {({ register, control, formState: { errors } }) => (
        <>
          <div className="grid gap-5 sm:grid-cols-2">
            <ContactIdentityFields id="support" nameLabel="Name" name={register('name')} email={register('email')} invalid={{ name: Boolean(errors.name), email: Boolean(errors.email) }} />
          </div>
          <OptionField control={control} name="category" id="support-category" label="Category" placeholder="Choose a category" options={SUPPORT_CATEGORIES} />
          <FormField id="support-subject" label="Subject">
            {(field) => <Input {...field} aria-invalid={Boolean(errors.subject)} aria-required maxLength={SUPPORT_FORM_LIMITS.subject} {...register('subject')} />}
          </FormField>
          <FormField id="support-message" label="Message" hint="Tell us what happened, what you expected, and the page or project involved.">
            {(field) => <Textarea {...field} aria-invalid={Boolean(errors.message)} aria-required rows={6} maxLength={SUPPORT_FORM_LIMITS.message} {...register('message')} />}
          </FormField>
        </>
      )}
    </ContactForm>
  );
}
