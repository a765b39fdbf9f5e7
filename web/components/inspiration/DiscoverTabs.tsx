// The Trending / Recent / Popular tabs (SPEC §2): 12 projects each, 12 more per 'Load More Projects'.
import { DISCOVER_TAB_SIZE } from '@shared/constants';
import { useProjectList } from '@/api/projects';
import { GalleryEmpty } from '@/components/gallery/GalleryStates';
import { ProjectPages } from '@/components/gallery/ProjectPages';
import { GALLERY_SORTS, type TGallerySort } from '@/components/gallery/SortButtons';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

function DiscoverTab({ sort }: { sort: TGallerySort }) {
  const list = useProjectList({ sort, limit: DISCOVER_TAB_SIZE });
  return <ProjectPages list={list} empty={<GalleryEmpty />} />;
}

export function DiscoverTabs() {
  return (
    <Tabs defaultValue={GALLERY_SORTS[0].value}>
      <TabsList aria-label="Discover projects" className="justify-center">
        {GALLERY_SORTS.map((sort) => (
          <TabsTrigger key={sort.value} value={sort.value}>
            {sort.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {/* Only the open tab is mounted, so only it asks the server for projects. */}
      {GALLERY_SORTS.map((sort) => (
        <TabsContent key={sort.value} value={sort.value}>
          <DiscoverTab sort={sort.value} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
