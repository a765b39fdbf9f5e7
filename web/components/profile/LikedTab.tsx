// Projects the member liked, 12 at a time.
import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { useLikedProjects } from '@/api/projects';
import { ProjectPages } from '@/components/gallery/ProjectPages';
import { Button } from '@/components/ui/button';
import { StatePanel } from '@/components/ui/state-panel';

export function LikedTab() {
  const list = useLikedProjects(true);
  return (
    <ProjectPages
      list={list}
      empty={
        <StatePanel icon={Heart} title="No liked projects yet" text="Tap the heart on work you love and you'll find it here again.">
          <Button asChild variant="outline">
            <Link to="/">Explore projects</Link>
          </Button>
        </StatePanel>
      }
    />
  );
}
