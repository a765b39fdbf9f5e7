// Right after publishing (issue 16): the creator lands on the new project's page with this banner,
// which says the work is live and offers its share actions. Dismissible; it shows once (the upload
// page passes it through navigation state, which the project page clears after reading).
import { Check, Copy, PartyPopper, X } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useCopyToClipboard } from '@/hooks/useCopyToClipboard';
import { projectShareLink, ShareMenu } from './ShareMenu';

/** The navigation state the upload page sends along to the new project's page. */
export interface TPublishedState {
  publishedProjectId: number;
}

export function isPublishedState(state: unknown, projectId?: number): state is TPublishedState {
  if (typeof state !== 'object' || state === null || !('publishedProjectId' in state)) return false;
  const id = (state as TPublishedState).publishedProjectId;
  return typeof id === 'number' && (projectId === undefined || id === projectId);
}

export function PublishedNotice({ projectId, title, onDismiss }: { projectId: number; title: string; onDismiss: () => void }) {
  const { copiedKey, copy } = useCopyToClipboard();
  const copied = copiedKey === 'published-link';

  async function copyLink() {
    if (await copy('published-link', projectShareLink(projectId))) {
      toast('Link copied!', { description: 'The project link has been copied to your clipboard.' });
    } else {
      toast.error('Failed to copy', { description: 'Please copy the link manually.' });
    }
  }

  return (
    <section
      aria-labelledby="published-notice-title"
      className="mt-6 flex flex-col gap-4 rounded-xl border border-emerald-200 bg-emerald-50 p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <PartyPopper className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" aria-hidden />
        <div className="flex flex-col gap-1">
          <h2 id="published-notice-title" className="text-base font-semibold text-emerald-900">
            Your project is live
          </h2>
          <p className="text-sm text-emerald-900">“{title}” is published. Share it with the people you want to see it.</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" className="bg-white" onClick={() => void copyLink()}>
          {copied ? <Check className="h-4 w-4 text-emerald-600" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
          {copied ? 'Link copied' : 'Copy link'}
        </Button>
        <div className="w-28">
          <ShareMenu projectId={projectId} title={title} />
        </div>
        <Button variant="ghost" size="sm" aria-label="Dismiss" className="text-emerald-900 hover:bg-emerald-100" onClick={onDismiss}>
          <X className="h-4 w-4" aria-hidden />
        </Button>
      </div>
    </section>
  );
}
