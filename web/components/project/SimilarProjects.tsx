import { useSimilarProjects } from '@/api/projects';
import { ProjectCard } from '@/components/gallery/ProjectCard';
import { GRID } from '@/components/gallery/ProjectPages';
import { HydrateLater } from '@/components/page/HydrateLater';

/** 'Projects You Might Like' (SPEC §2): hidden while loading, on error and when there are none. */
export function SimilarProjects({ projectId }: { projectId: number }) {
  const similar = useSimilarProjects(projectId);
  if (!similar.data?.length) return null;
  return (
    <section aria-labelledby="similar-heading" className="mt-16 border-t border-zinc-200 pt-10">
      <h2 id="similar-heading" className="text-xl font-semibold">
        Projects You Might Like
      </h2>
      <ul className={`mt-6 ${GRID}`}>
        {similar.data.map((project) => (
          <li key={project.id}>
            {/* On the server's page each card hydrates in a task of its own, once near the viewport. */}
            <HydrateLater whenNear>
              <ProjectCard project={project} />
            </HydrateLater>
          </li>
        ))}
      </ul>
    </section>
  );
}
