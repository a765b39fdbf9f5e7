// Projects the member liked, 12 at a time.
import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { useLikedProjects } from '@/api/projects';
import { Button } from '@/components/ui/button';
import { EmptyProjects, ProjectGrid } from './ProjectGrid';

export function LikedTab() {
  const list = useLikedProjects(true);
  return (
    <ProjectGrid
      list={list}
      empty={
        <EmptyProjects
          icon={<Heart className="h-8 w-8 text-zinc-400" aria-hidden />}
          title="No liked projects yet"
          text="Tap the heart on work you love and you'll find it here again."
          action={
            <Button asChild variant="outline">
              <Link to="/">Explore projects</Link>
            </Button>
          }
        />
      }
    />
  );
}
