// The comment form as the comments draw it. Only members get one, so its code (react-hook-form and
// the comment schema, which builds zod's) loads when a form is first drawn, never on a visitor's page.
import { lazy, Suspense } from 'react';
import type { CommentFormProps } from './CommentFormFields';

const CommentFormFields = lazy(() => import('./CommentFormFields'));

export function CommentForm(props: CommentFormProps) {
  return (
    <Suspense fallback={null}>
      <CommentFormFields {...props} />
    </Suspense>
  );
}
