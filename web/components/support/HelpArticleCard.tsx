// A help article as a card that opens it in a dialog (SPEC §2 /support: articles in dialogs).
import { ChevronRight } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import type { THelpArticle } from './help-articles';

export function HelpArticleCard({ article }: { article: THelpArticle }) {
  const Icon = article.icon;
  return (
    <Dialog>
      <DialogTrigger className="group flex w-full items-start gap-4 rounded-xl border border-zinc-200 bg-white p-5 text-left transition-shadow duration-150 ease-out hover:shadow-md">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-violet-50 text-accent">
          <Icon className="h-5 w-5" aria-hidden />
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="text-[15px] font-medium text-ink">{article.title}</span>
          <span className="text-[13px] text-zinc-600">{article.summary}</span>
        </span>
        <ChevronRight className="mt-2.5 h-4 w-4 shrink-0 text-zinc-400 transition-transform duration-150 ease-out group-hover:translate-x-0.5" aria-hidden />
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{article.title}</DialogTitle>
          <DialogDescription>{article.summary}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-4 text-sm leading-6 text-zinc-700">{article.body}</div>
      </DialogContent>
    </Dialog>
  );
}
