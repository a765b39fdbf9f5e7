// The profile's Collections tab: the member's own collections, private ones included.
import { FolderHeart } from 'lucide-react';
import { Link } from 'react-router';
import { useMyCollections } from '@/api/collections';
import { Button } from '@/components/ui/button';
import { StatePanel } from '@/components/ui/state-panel';
import { CollectionGrid } from './CollectionCards';

export function MyCollectionsTab() {
  const list = useMyCollections();
  return (
    <CollectionGrid
      list={list}
      empty={
        <StatePanel icon={FolderHeart} title="No collections yet" text="Press Save on any project to start a collection, private or public.">
          <Button asChild variant="outline">
            <Link to="/">Explore projects</Link>
          </Button>
        </StatePanel>
      }
    />
  );
}
