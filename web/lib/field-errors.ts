// The server's field errors (`details` of a 400) shown under the form's own fields.
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/api/api-error';

/**
 * Puts each detail the server gave for one of `fields` under that field (the first one focused);
 * true when any was shown, so the caller need not say it again.
 */
export function showFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly FieldPath<T>[]): boolean {
  const details = (error instanceof ApiError && error.body?.details) || [];
  let shown = false;
  for (const detail of details) {
    const field = fields.find((name) => name === detail.field);
    if (!field) continue;
    setError(field, { message: detail.message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
