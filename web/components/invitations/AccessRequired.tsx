import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useSignInPath } from '@/hooks/useSignInPath';

/** What a signed-out visitor sees on a members-only page. */
export function AccessRequired({ message }: { message: string }) {
  const signIn = useSignInPath();
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-20 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-violet-50 text-accent">
        <Lock className="h-7 w-7" aria-hidden />
      </span>
      <h1 className="text-3xl font-semibold">Access Required</h1>
      <p className="max-w-md text-zinc-600">{message}</p>
      <Button asChild>
        <Link to={signIn}>Sign In</Link>
      </Button>
    </div>
  );
}
