import { Eye } from 'lucide-react';
import { MetaCount, type MetaCountProps } from './MetaCount';

/** A project's views, compact (SPEC §9) with the exact number on hover. */
export function ViewCount({ views, size }: { views: number; size?: MetaCountProps['size'] }) {
  return <MetaCount icon={Eye} count={views} nouns={['view', 'views']} size={size} />;
}
