// The member's own projects on their profile, each with Edit and Delete.
import { useQueryClient } from '@tanstack/react-query';
import { ImagePlus, Pencil, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { TProject } from '@shared/schemas/project';
import { refreshCreator, useCreatorProjects } from '@/api/users';
import { ProjectPages } from '@/components/gallery/ProjectPages';
import { HiddenMark } from '@/components/moderation/HiddenNotice';
import { Button } from '@/components/ui/button';
import { StatePanel } from '@/components/ui/state-panel';
import { useHasBeenTrue } from '@/hooks/useHasBeenTrue';
import { DeleteProjectDialog } from './DeleteProjectDialog';

// The edit form (media, tags, the project schema) loads on the first Edit.
const EditProjectDialog = lazy(() => import('./EditProjectDialog'));

export function MyProjectsTab({ userId }: { userId: number }) {
  const client = useQueryClient();
  const list = useCreatorProjects(userId);
  const [editing, setEditing] = useState<TProject | null>(null);
  const [deleting, setDeleting] = useState<TProject | null>(null);
  const editLoaded = useHasBeenTrue(editing !== null);
  // The list and the figures above it (Projects, Total Likes, Total Views) follow every change.
  const refresh = () => void refreshCreator(client, userId);

  return (
    <>
      <ProjectPages
        list={list}
        empty={
          <StatePanel icon={ImagePlus} title="No projects yet" text="Share your first piece of AI work and it will show up here.">
            <Button asChild>
              <Link to="/upload">Upload Work</Link>
            </Button>
          </StatePanel>
        }
        actions={(project) => (
          <>
            {project.moderation && <HiddenMark />}
            <Button variant="outline" size="sm" aria-label={`Edit ${project.title}`} onClick={() => setEditing(project)}>
              <Pencil className="h-4 w-4" aria-hidden />
              Edit
            </Button>
            <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" aria-label={`Delete ${project.title}`} onClick={() => setDeleting(project)}>
              <Trash2 className="h-4 w-4" aria-hidden />
              Delete
            </Button>
          </>
        )}
      />
      {editLoaded && (
        <Suspense fallback={null}>
          <EditProjectDialog
            project={editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              refresh();
            }}
          />
        </Suspense>
      )}
      <DeleteProjectDialog
        project={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          refresh();
        }}
      />
    </>
  );
}
