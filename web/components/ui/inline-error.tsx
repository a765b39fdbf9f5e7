import { Button } from './button';

/** A small list's failed load inside a section (Settings, comments): what went wrong and 'Try again'. */
export function InlineLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-2 text-sm text-red-800">
      <p>{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
