// The job form (SPEC §5): the shared zod schema checks it, each message is tied to its field.
// Posting starts it empty; editing a listing starts it from the job (jobFormValues).
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { JOB_LIMITS, JOB_TYPES } from '@shared/constants';
import { ZJobForm, type TJob, type TJobFormOutput, type TJobFormValues } from '@shared/schemas/job';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';

const EMPTY_FORM = {
  title: '',
  company: '',
  companyLogo: '',
  location: '',
  type: 'Full-time',
  remote: false,
  salary: '',
  description: '',
  requirements: '',
  tags: '',
  applicationUrl: '',
} satisfies TJobFormValues;

/** A saved job as the form shows it: tags comma-separated, remote a switch. */
export function jobFormValues(job: TJob): TJobFormValues {
  return {
    title: job.title,
    company: job.company,
    companyLogo: job.companyLogo ?? '',
    location: job.location,
    type: job.type,
    remote: job.remote === 'true',
    salary: job.salary ?? '',
    description: job.description,
    requirements: job.requirements,
    tags: job.tags.join(', '),
    applicationUrl: job.applicationUrl,
  };
}

interface JobFormProps {
  onSubmit: (job: TJobFormOutput) => Promise<void>;
  /** The job being edited; empty for a new one. */
  initialValues?: TJobFormValues;
  submitLabel?: string;
  /** Shown beside the submit button (the edit dialog's Cancel). */
  secondaryAction?: ReactNode;
}

export function JobForm({ onSubmit, initialValues = EMPTY_FORM, submitLabel = 'Continue to Payment', secondaryAction }: JobFormProps) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ZJobForm), defaultValues: initialValues });

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Job details">
      {/* A disabled fieldset disables every control while the job is created and the payment prepared. */}
      <fieldset disabled={isSubmitting} className="flex min-w-0 flex-col gap-6">
        <FormField id="job-title" label="Job title" error={errors.title?.message}>
          {(field) => <Input {...field} placeholder="e.g. Senior Prompt Engineer" {...register('title')} />}
        </FormField>
        <div className="grid gap-6 sm:grid-cols-2">
          <FormField id="job-company" label="Company name" error={errors.company?.message}>
            {(field) => <Input {...field} autoComplete="organization" {...register('company')} />}
          </FormField>
          <FormField id="job-company-logo" label="Company logo URL (optional)" error={errors.companyLogo?.message}>
            {(field) => <Input {...field} type="url" placeholder="https://example.com/logo.png" {...register('companyLogo')} />}
          </FormField>
        </div>
        <FormField id="job-location" label="Location" error={errors.location?.message}>
          {(field) => <Input {...field} placeholder="e.g. San Francisco, CA" {...register('location')} />}
        </FormField>
        <div className="grid gap-6 sm:grid-cols-2">
          <Controller
            control={control}
            name="type"
            render={({ field: { value, onChange, onBlur } }) => (
              <FormField id="job-type" label="Job type" error={errors.type?.message}>
                {(field) => (
                  <Select value={value} onValueChange={onChange}>
                    <SelectTrigger {...field} onBlur={onBlur} className="w-full">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {JOB_TYPES.map((type) => (
                        <SelectItem key={type} value={type}>
                          {type}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </FormField>
            )}
          />
          <Controller
            control={control}
            name="remote"
            render={({ field: { value, onChange, onBlur } }) => (
              <div className="flex h-10 items-center gap-3 sm:mt-7">
                <Switch id="job-remote" checked={value ?? false} onCheckedChange={onChange} onBlur={onBlur} />
                <Label htmlFor="job-remote">Remote position</Label>
              </div>
            )}
          />
        </div>
        <FormField id="job-salary" label="Salary (optional)" error={errors.salary?.message}>
          {(field) => <Input {...field} placeholder="e.g. $120k - $150k" {...register('salary')} />}
        </FormField>
        <FormField
          id="job-description"
          label="Job description"
          hint={`${JOB_LIMITS.descriptionMin} to ${JOB_LIMITS.descriptionMax} characters: the role, the team and the work.`}
          error={errors.description?.message}
        >
          {(field) => <Textarea {...field} rows={6} {...register('description')} />}
        </FormField>
        <FormField
          id="job-requirements"
          label="Requirements"
          hint={`${JOB_LIMITS.requirementsMin} to ${JOB_LIMITS.requirementsMax} characters: skills, tools and experience you look for.`}
          error={errors.requirements?.message}
        >
          {(field) => <Textarea {...field} rows={4} {...register('requirements')} />}
        </FormField>
        <FormField id="job-tags" label="Tags" hint="Separate tags with commas, e.g. Midjourney, Prompt Engineering, Branding" error={errors.tags?.message}>
          {(field) => <Input {...field} {...register('tags')} />}
        </FormField>
        <FormField
          id="job-application"
          label="Application URL or email"
          hint="Where candidates apply: a link to your careers page or an e-mail address."
          error={errors.applicationUrl?.message}
        >
          {(field) => <Input {...field} placeholder="https://example.com/careers or jobs@example.com" {...register('applicationUrl')} />}
        </FormField>
        <div className="flex flex-wrap justify-end gap-3">
          {secondaryAction}
          <Button type="submit" size="lg" busy={isSubmitting}>
            {submitLabel}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
