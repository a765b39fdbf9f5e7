// AI provenance read from the uploaded files: a 'Made with {tool}' badge and the generation settings.
import { Check, Copy, ShieldCheck, Sparkles } from 'lucide-react';
import { toast } from 'sonner';
import type { TAiMetadata, TMedia } from '@shared/schemas/media';
import { Button } from '@/components/ui/button';
import { useCopyToClipboard } from '@/hooks/useCopyToClipboard';

/** The first of a project's media that carries AI provenance, if any. */
export function projectAiMetadata(media: TMedia[]): TAiMetadata | null {
  return media.find((item) => item.aiMetadata)?.aiMetadata ?? null;
}

export function MadeWithBadge({ metadata }: { metadata: TAiMetadata | null }) {
  if (!metadata?.tool) return null;
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-violet-50 px-3 py-1 text-[13px] font-medium text-accent">
      <Sparkles className="h-3.5 w-3.5" aria-hidden />
      Made with {metadata.tool}
    </span>
  );
}

export function PromptPanel({ metadata }: { metadata: TAiMetadata | null }) {
  const { copiedKey, copy } = useCopyToClipboard();
  if (!metadata) return null;
  const settings: [label: string, value: string | number | null][] = [
    ['Steps', metadata.steps],
    ['Sampler', metadata.sampler],
    ['CFG', metadata.cfgScale],
    ['Seed', metadata.seed],
    ['Model', metadata.model],
  ];
  const shown = settings.filter((entry): entry is [string, string | number] => entry[1] !== null && entry[1] !== '');
  if (!metadata.prompt && !metadata.negativePrompt && !shown.length && !metadata.c2pa) return null;
  const prompt = metadata.prompt;
  const copied = copiedKey === 'prompt';

  async function copyPrompt(text: string) {
    if (await copy('prompt', text)) toast('Prompt copied!', { description: 'The prompt has been copied to your clipboard.' });
    else toast.error('Failed to copy', { description: 'Please copy the prompt manually.' });
  }

  return (
    <section aria-labelledby="prompt-heading" className="flex flex-col gap-4 rounded-xl border border-zinc-200 bg-zinc-50 p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 id="prompt-heading" className="text-base font-semibold">
          Prompt and settings
        </h2>
        {prompt && (
          <Button variant="ghost" size="sm" onClick={() => void copyPrompt(prompt)}>
            {copied ? <Check className="h-4 w-4 text-emerald-600" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
            {copied ? 'Copied' : 'Copy prompt'}
          </Button>
        )}
      </div>
      {prompt && <p className="font-mono text-[13px] leading-relaxed whitespace-pre-wrap text-zinc-800">{prompt}</p>}
      {metadata.negativePrompt && (
        <div>
          <h3 className="text-[13px] font-medium text-zinc-500">Negative prompt</h3>
          <p className="mt-1 font-mono text-[13px] leading-relaxed whitespace-pre-wrap text-zinc-800">{metadata.negativePrompt}</p>
        </div>
      )}
      {shown.length > 0 && (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {shown.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-[13px] text-zinc-500">{label}</dt>
              <dd className="truncate text-sm font-medium" title={String(value)}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {metadata.c2pa && (
        <p className="inline-flex items-center gap-1.5 text-[13px] text-zinc-600">
          <ShieldCheck className="h-4 w-4 text-emerald-600" aria-hidden />
          Carries Content Credentials (C2PA)
        </p>
      )}
    </section>
  );
}
