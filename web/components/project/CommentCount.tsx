import { MessageCircle } from 'lucide-react';
import { MetaCount, type MetaCountProps } from './MetaCount';

/** A project's comments, compact like its views; on the project page a link down to them. */
export function CommentCount({ count, size, href }: { count: number; size?: MetaCountProps['size']; href?: string }) {
  return <MetaCount icon={MessageCircle} count={count} nouns={['comment', 'comments']} size={size} href={href} />;
}
