// The one form for a new comment, a reply and an edit: the shared schema checks it here as the
// server does, and a counter appears as the text nears the limit. Loaded through CommentForm.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { COMMENT_MAX_LENGTH, ZCommentForm } from '@shared/schemas/comment';
import { wholeNumber } from '@shared/format';
import { limitMessage, serverMessage } from '@/api/api-error';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { showFieldErrors } from '@/lib/field-errors';

/** The counter shows from here on. */
const COUNTER_FROM = COMMENT_MAX_LENGTH - 200;

export interface CommentFormProps {
  id: string;
  label: string;
  submitLabel: string;
  busyLabel: string;
  initialBody?: string;
  autoFocus?: boolean;
  /** What failed, in the toast's title. */
  failure: string;
  onSubmit: (body: string) => Promise<unknown>;
  onCancel?: () => void;
}

export default function CommentFormFields({ id, label, submitLabel, busyLabel, initialBody = '', autoFocus = false, failure, onSubmit, onCancel }: CommentFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ZCommentForm), defaultValues: { body: initialBody } });
  const length = useWatch({ control, name: 'body' }).length;

  const submit = handleSubmit(async ({ body }) => {
    try {
      await onSubmit(body);
      reset({ body: '' });
    } catch (error) {
      if (showFieldErrors(error, setError, ['body'])) return;
      toast.error(failure, { description: limitMessage(error) ?? serverMessage(error, 'Please try again.') });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <FormField id={id} label={label} error={errors.body?.message}>
        {(control) => <Textarea {...control} rows={3} autoFocus={autoFocus} {...register('body')} />}
      </FormField>
      <div className="flex items-center justify-end gap-3">
        {length >= COUNTER_FROM && (
          <span aria-live="polite" className={cn('mr-auto text-[13px] tabular-nums', length > COMMENT_MAX_LENGTH ? 'font-medium text-red-700' : 'text-zinc-600')}>
            {wholeNumber(length)} / {wholeNumber(COMMENT_MAX_LENGTH)}
          </span>
        )}
        {onCancel && (
          <Button type="button" variant="ghost" size="sm" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        )}
        <Button type="submit" size="sm" busy={isSubmitting}>
          {isSubmitting ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
