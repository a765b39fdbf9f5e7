import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface AuthCardProps {
  title: string;
  description: string;
  children: ReactNode;
  /** The line under the form that points to the other auth page. */
  switchPrompt: ReactNode;
}

/** The frame shared by /login and /signup: one column, 560 px at most (DESIGN: forms). */
export function AuthCard({ title, description, children, switchPrompt }: AuthCardProps) {
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-12 md:py-20">
      <div className="w-full max-w-[560px] rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm md:p-10">
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-2 text-sm text-zinc-600">{description}</p>
        <div className="mt-8">{children}</div>
        <div className="mt-8 flex flex-col gap-2 border-t border-zinc-200 pt-6 text-sm text-zinc-600 sm:flex-row sm:items-center sm:justify-between">
          <p>{switchPrompt}</p>
          <Link to="/" className="rounded-sm font-medium text-zinc-600 hover:text-ink">
            Back to home
          </Link>
        </div>
      </div>
    </div>
  );
}
