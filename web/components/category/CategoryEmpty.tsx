import { FolderOpen } from 'lucide-react';
import { Link } from 'react-router';
import { GalleryMessage } from '@/components/gallery/GalleryStates';
import { Button } from '@/components/ui/button';

export function CategoryEmpty({ name }: { name: string }) {
  return (
    <GalleryMessage icon={FolderOpen} title="No projects found in this category yet" text={`Be the first to share ${name} work with the community.`}>
      <Button asChild>
        <Link to="/upload">Upload First Project</Link>
      </Button>
    </GalleryMessage>
  );
}
