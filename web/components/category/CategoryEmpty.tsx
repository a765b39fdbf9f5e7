import { FolderOpen } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { StatePanel } from '@/components/ui/state-panel';

export function CategoryEmpty({ name }: { name: string }) {
  return (
    <StatePanel icon={FolderOpen} title="No projects found in this category yet" text={`Be the first to share ${name} work with the community.`}>
      <Button asChild>
        <Link to="/upload">Upload First Project</Link>
      </Button>
    </StatePanel>
  );
}
