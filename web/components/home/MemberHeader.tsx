// Members' home opens on a compact header instead of the marketing hero: a greeting and the two
// signed-in actions of SPEC §2's hero, so the gallery (and its Following tab) is right below.
import { Link } from 'react-router';
import type { TCurrentUser } from '@shared/schemas/user';
import { Button } from '@/components/ui/button';

export function MemberHeader({ user }: { user: TCurrentUser }) {
  return (
    <section className="border-b border-zinc-200 bg-zinc-50">
      <div className="mx-auto flex max-w-[1440px] flex-col gap-4 px-4 py-8 md:flex-row md:items-center md:justify-between md:px-8">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">Welcome back, {user.firstName}</h1>
          <p className="text-sm text-zinc-600">New work from the community and from the creators you follow.</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link to="/upload">Share Your Work</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/inspiration">Find Inspiration</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
