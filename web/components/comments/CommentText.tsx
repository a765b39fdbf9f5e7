// A comment's plain text with its web links made clickable (linkify-it finds them), as React
// text and elements: nothing the author wrote is ever read as HTML.
import LinkifyIt from 'linkify-it';
import type { ReactNode } from 'react';

const linkify = new LinkifyIt().set({ fuzzyEmail: false });
const WEB_LINK = /^https?:\/\//i;

function withLinks(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of linkify.match(text) ?? []) {
    // mailto:, ftp: and the like stay text: only web pages are linked.
    if (!WEB_LINK.test(match.url)) continue;
    if (match.index > at) parts.push(text.slice(at, match.index));
    parts.push(
      <a key={match.index} href={match.url} rel="nofollow ugc noopener" target="_blank" className="rounded-sm font-medium break-all text-accent underline underline-offset-2 hover:text-accent-hover">
        {match.text}
      </a>,
    );
    at = match.lastIndex;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

export function CommentText({ text }: { text: string }) {
  return <p className="text-sm leading-relaxed break-words whitespace-pre-line text-zinc-800">{withLinks(text)}</p>;
}
