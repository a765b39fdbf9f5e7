// The project's Share control (SPEC §2, §8): X, LinkedIn and Facebook in a new window, or copy the link.
import { Check, Copy, ExternalLink, Share2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { useCopyToClipboard } from '@/hooks/useCopyToClipboard';

const SHARE_WINDOW_FEATURES = 'noopener,noreferrer,width=600,height=540';

/** Where each network takes a link to share; `text` is used where the network accepts one. */
const TARGETS = [
  { name: 'X', url: (link: string, text: string) => `https://x.com/intent/tweet?url=${encodeURIComponent(link)}&text=${encodeURIComponent(text)}` },
  { name: 'LinkedIn', url: (link: string) => `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(link)}` },
  { name: 'Facebook', url: (link: string) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}` },
] as const;

/** SPEC §2: the shared link always uses the id, which survives a change of title. */
export function projectShareLink(projectId: number): string {
  return `${window.location.origin}/project/${projectId}`;
}

export function ShareMenu({ projectId, title }: { projectId: number; title: string }) {
  const { copiedKey, copy } = useCopyToClipboard();
  const copied = copiedKey === 'link';
  // Made when used: the page's origin is known in the browser only (the server renders this too).
  const link = () => projectShareLink(projectId);

  async function copyLink() {
    if (await copy('link', link())) {
      toast('Link copied!', { description: 'The project link has been copied to your clipboard.' });
    } else {
      toast.error('Failed to copy', { description: 'Please copy the link manually.' });
    }
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" className="w-full">
          {copied ? <Check className="h-4 w-4 text-emerald-600" aria-hidden /> : <Share2 className="h-4 w-4" aria-hidden />}
          {copied ? 'Link copied' : 'Share'}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {TARGETS.map((target) => (
          <DropdownMenuItem key={target.name} onSelect={() => window.open(target.url(link(), title), '_blank', SHARE_WINDOW_FEATURES)}>
            <ExternalLink className="h-4 w-4 text-zinc-500" aria-hidden />
            Share on {target.name}
          </DropdownMenuItem>
        ))}
        <DropdownMenuItem onSelect={() => void copyLink()}>
          <Copy className="h-4 w-4 text-zinc-500" aria-hidden />
          Copy link
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
