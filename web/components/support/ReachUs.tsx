// 'Other Ways to Reach Us' (SPEC §2 /support): the configured support address and the live chat hours.
import { Clock, Mail, MessageCircle } from 'lucide-react';
import { LIVE_CHAT_HOURS, SUPPORT_REPLY_HOURS } from '@shared/constants';
import { SupportEmailLink } from '@/components/page/SupportEmailLink';

export function ReachUs() {
  return (
    <aside aria-labelledby="reach-us-heading" className="flex flex-col gap-5 rounded-xl bg-zinc-50 p-6">
      <h2 id="reach-us-heading" className="text-lg font-semibold">
        Other Ways to Reach Us
      </h2>
      <div className="flex items-start gap-3">
        <Mail className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden />
        <div className="flex min-w-0 flex-col gap-0.5 text-sm">
          <span className="font-medium">Email Support</span>
          <SupportEmailLink />
        </div>
      </div>
      <div className="flex items-start gap-3">
        <MessageCircle className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden />
        <div className="flex flex-col gap-0.5 text-sm">
          <span className="font-medium">Live Chat</span>
          <span className="text-zinc-600">{LIVE_CHAT_HOURS}</span>
        </div>
      </div>
      <p className="flex items-start gap-3 border-t border-zinc-200 pt-5 text-sm text-zinc-600">
        <Clock className="mt-0.5 h-5 w-5 shrink-0 text-zinc-400" aria-hidden />
        We respond to every request within {SUPPORT_REPLY_HOURS} hours.
      </p>
    </aside>
  );
}
