// 'Hire Me' (SPEC §2, §4, §5, §8): a prefilled message to the creator, sent through POST /api/contact.
import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { CONTACT_LIMITS } from '@shared/constants';
import { displayName } from '@shared/format';
import type { TPublicUser } from '@shared/schemas/user';
import { limitMessage } from '@/api/api-error';
import { useCurrentUser } from '@/api/auth';
import { useSendMessage } from '@/api/messages';
import { HoneypotField, honeypotValue } from '@/components/contact/HoneypotField';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { signInPath } from '@/lib/return-to';

/** What the visitor writes; the recipient and project come from the page (SPEC §3, §7). */
interface TFields {
  name: string;
  email: string;
  subject: string;
  message: string;
}

interface ContactDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  creator: TPublicUser;
  /** The project the request is about; null from the creator's page (a request about their work as a whole). */
  project: { id: number; title: string } | null;
}

function greeting(creator: TPublicUser, projectTitle: string | null): string {
  const name = creator.firstName.trim() || displayName(creator);
  const about = projectTitle === null ? 'your work' : `your project "${projectTitle}"`;
  return `Hi ${name},\n\nI came across ${about} and would love to talk about working together.`;
}

export default function ContactDialog({ open, onOpenChange, creator, project }: ContactDialogProps) {
  const { user } = useCurrentUser();
  const creatorName = displayName(creator);
  const prefilled = (): TFields => ({
    name: user ? displayName(user) : '',
    email: user?.email ?? '',
    subject: project ? `Interested in hiring you - ${project.title}` : 'Interested in hiring you',
    message: greeting(creator, project?.title ?? null),
  });
  // Kept while the dialog is closed, so a half-written message survives closing it by mistake.
  const [fields, setFields] = useState<TFields>(prefilled);
  // The member may finish loading after the page did: fill their name and e-mail in then, unless typed.
  const [prefilledFor, setPrefilledFor] = useState(user?.id ?? null);
  if (user && prefilledFor !== user.id) {
    setPrefilledFor(user.id);
    setFields((current) => ({ ...current, name: current.name || displayName(user), email: current.email || user.email }));
  }
  const send = useSendMessage();

  const update = (field: keyof TFields) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [field]: event.target.value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = fields.name.trim();
    const email = fields.email.trim();
    const message = fields.message.trim();
    if (!name || !email || !message) {
      toast.error('Please fill in all required fields');
      return;
    }
    const website = honeypotValue(event.currentTarget);
    send.mutate(
      { name, email, subject: fields.subject.trim(), message, recipientId: creator.id, projectId: project?.id ?? null, projectTitle: project?.title ?? null, website },
      {
        onSuccess: () => {
          onOpenChange(false);
          setFields(prefilled());
          toast('Message sent!', { description: `Your message has been sent to ${creatorName}` });
        },
        onError: (error) => toast.error('Failed to send message', { description: limitMessage(error) ?? 'Please try again or contact the creator directly' }),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Hire {creatorName}</DialogTitle>
          <DialogDescription>Tell {creatorName} about your project. They will answer by e-mail.</DialogDescription>
        </DialogHeader>
        {/* A visitor may write as they are; a member signs in and comes back to this dialog, filled in (issue 16). */}
        {!user && (
          <p className="text-sm text-zinc-600">
            Already a member?{' '}
            <Link to={signInPath({ action: 'hire', targetId: creator.id })} className="rounded-sm font-medium text-accent underline-offset-2 hover:text-accent-hover hover:underline">
              Sign in to send it from your account
            </Link>
          </p>
        )}
        {/* No `required` attributes: empty fields get the SPEC's toast rather than the browser's bubble. */}
        <form onSubmit={submit} className="flex flex-col gap-4">
          <FormField id="contact-name" label="Your name">
            {(control) => <Input {...control} aria-required autoComplete="name" maxLength={CONTACT_LIMITS.name} value={fields.name} onChange={update('name')} />}
          </FormField>
          <FormField id="contact-email" label="Your email">
            {(control) => <Input {...control} aria-required type="email" autoComplete="email" maxLength={CONTACT_LIMITS.email} value={fields.email} onChange={update('email')} />}
          </FormField>
          <FormField id="contact-subject" label="Subject (optional)">
            {(control) => <Input {...control} maxLength={CONTACT_LIMITS.subject} value={fields.subject} onChange={update('subject')} />}
          </FormField>
          <FormField id="contact-message" label="Message">
            {(control) => <Textarea {...control} aria-required rows={4} maxLength={CONTACT_LIMITS.message} value={fields.message} onChange={update('message')} />}
          </FormField>
          <HoneypotField />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" busy={send.isPending}>
              {!send.isPending && <Send className="h-4 w-4" aria-hidden />}
              {send.isPending ? 'Sending...' : 'Send Message'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
