// The project lists' designed states with the SPEC §8 texts: error, empty and no match.
import { AlertTriangle, Images, SearchX, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { StatePanel } from '@/components/ui/state-panel';

export function GalleryError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <StatePanel icon={AlertTriangle} alert title="Something went wrong" text="We couldn't load the projects. Please try again later.">
      <Button variant="outline" onClick={onRetry} busy={retrying}>
        Try Again
      </Button>
    </StatePanel>
  );
}

export function GalleryEmpty() {
  return (
    <StatePanel icon={Images} title="No projects found" text="Be the first to share your creative work with the community.">
      <Button asChild>
        <Link to="/upload">Share Your Work</Link>
      </Button>
    </StatePanel>
  );
}

export function GalleryNoMatch({ onClear }: { onClear: () => void }) {
  return (
    <StatePanel icon={SearchX} title="No projects match your filters" text="Try adjusting your category or tag selections to see more results.">
      <Button variant="outline" onClick={onClear}>
        Clear All Filters
      </Button>
    </StatePanel>
  );
}

/** Members' Following feed before they follow anyone (or before those they follow share anything). */
export function FollowingEmpty() {
  return (
    <StatePanel icon={UserPlus} title="Nothing from creators you follow yet" text="Follow creators whose work you love and their newest projects will show up here.">
      <Button asChild>
        <Link to="/inspiration">Find creators to follow</Link>
      </Button>
    </StatePanel>
  );
}
