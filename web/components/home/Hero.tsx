import { Link } from 'react-router';
import { useCurrentUser } from '@/api/auth';
import { Button } from '@/components/ui/button';
import { useSignInPath } from '@/hooks/useSignInPath';
import { TypedLine } from './TypedLine';

// The hero's background: soft violet and blue light on near-black, drawn in CSS so it needs
// no image host and loads with the page; the bottom gradient keeps the white text readable.
const BACKGROUND = [
  'radial-gradient(60rem 30rem at 85% -10%, rgb(139 92 246 / 0.55), transparent 60%)',
  'radial-gradient(40rem 28rem at 5% 110%, rgb(59 130 246 / 0.35), transparent 60%)',
  'radial-gradient(30rem 20rem at 55% 60%, rgb(217 70 239 / 0.25), transparent 65%)',
  'linear-gradient(135deg, #0f0f14 0%, #1e1b4b 45%, #2e1065 70%, #0f0f14 100%)',
].join(', ');

export function Hero() {
  const { isSignedIn, isLoading } = useCurrentUser();
  const signIn = useSignInPath();
  return (
    <section className="relative isolate overflow-hidden bg-ink text-white" style={{ backgroundImage: BACKGROUND }}>
      <div aria-hidden className="absolute inset-0 -z-10 bg-linear-to-b from-black/10 via-black/20 to-black/60" />
      <div className="mx-auto flex max-w-[1440px] flex-col items-start gap-6 px-4 py-20 md:px-8 md:py-28 lg:py-32">
        <h1 className="max-w-3xl text-4xl leading-tight font-bold tracking-tight md:text-5xl lg:text-[56px]">
          Discover the World's Top Ai Creators
        </h1>
        <p className="max-w-2xl text-lg text-zinc-200 md:text-xl">
          See what today's leading AI-native designers are building and hire them before everyone else does.
        </p>
        <TypedLine text="Join thousands of creators sharing their best work" />
        {/* Holds its height while the user loads so the buttons do not pop in and shift the page. */}
        <div className="flex min-h-12 flex-wrap gap-3">
          {isLoading ? null : isSignedIn ? (
            <>
              <Button asChild size="lg">
                <Link to="/upload">Share Your Work</Link>
              </Button>
              <Button asChild size="lg" variant="secondary">
                <Link to="/inspiration">Find Inspiration</Link>
              </Button>
            </>
          ) : (
            <>
              <Button asChild size="lg">
                <Link to="/signup">Get Started</Link>
              </Button>
              <Button asChild size="lg" variant="secondary">
                <Link to={signIn}>Sign In</Link>
              </Button>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
