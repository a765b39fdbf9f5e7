// How someone without a member friend gets in (SPEC §2 /for-creators): post about us, send the link, get a code.
import { ExternalLink, Megaphone, Send, Ticket } from 'lucide-react';
import { Link } from 'react-router';
import { useSiteName } from '@/api/site';
import { SiteName } from '@/components/layout/SiteName';
import { SupportEmailLink } from '@/components/page/SupportEmailLink';
import { Button } from '@/components/ui/button';

function shareOnXUrl(siteName: string): string {
  const text = `I'm sharing my AI work on ${siteName}, the invitation-only home of AI-native creators.`;
  return `https://x.com/intent/tweet?${new URLSearchParams({ text, url: `${window.location.origin}/for-creators` })}`;
}

const STEPS = [
  {
    icon: Megaphone,
    title: 'Post about us',
    text: (
      <>
        Share a post about <SiteName /> on X, LinkedIn or Instagram: tell people what you create with AI and why you want to join.
      </>
    ),
  },
  { icon: Send, title: 'Send us the link', text: 'Send the link to your post through our support form, or e-mail it to us.' },
  { icon: Ticket, title: 'Get your code', text: 'We review every post and send you an invitation code by e-mail, ready to sign up.' },
];

export function InviteCodeSection() {
  const siteName = useSiteName();
  return (
    <section aria-labelledby="invite-code-heading" className="rounded-2xl border border-violet-200 bg-violet-50/60 p-6 md:p-10">
      <div className="flex max-w-2xl flex-col gap-3">
        <h2 id="invite-code-heading" className="text-2xl font-semibold tracking-tight">
          Need an invitation code?
        </h2>
        <p className="text-zinc-700">
          Membership is by invitation. If you don't know a member yet, tell your followers about <SiteName /> and we'll invite you
          ourselves.
        </p>
      </div>
      <ol className="mt-8 grid gap-6 md:grid-cols-3">
        {STEPS.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className="flex flex-col gap-2">
            <span className="flex h-10 w-10 items-center justify-center rounded-full bg-white text-accent shadow-sm">
              <Icon className="h-5 w-5" aria-hidden />
            </span>
            <h3 className="text-[15px] font-semibold">
              {index + 1}. {title}
            </h3>
            <p className="text-sm leading-6 text-zinc-600">{text}</p>
          </li>
        ))}
      </ol>
      <div className="mt-8 flex flex-wrap items-center gap-3">
        <Button asChild>
          <a href={shareOnXUrl(siteName)} target="_blank" rel="noopener noreferrer">
            Post on X
            <ExternalLink className="h-4 w-4" aria-hidden />
          </a>
        </Button>
        <Button asChild variant="outline">
          <Link to="/support">Send us your link</Link>
        </Button>
        <span className="text-sm text-zinc-600">
          or e-mail <SupportEmailLink />
        </span>
      </div>
    </section>
  );
}
