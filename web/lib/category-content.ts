// The fixed words of each category page (SPEC §2): a description and related tags. Figures are
// not here: they come from the database (GET /api/categories).
import { UPLOAD_CATEGORIES, type TUploadCategory } from '@shared/constants';

export interface TCategoryContent {
  description: string;
  relatedTags: readonly string[];
}

const CONTENT: Record<TUploadCategory, TCategoryContent> = {
  Animation: {
    description: 'Motion made with AI: animated loops, short films, character animation and generative video experiments that move.',
    relatedTags: ['motion', 'loop', 'character animation', '3d', 'video', 'motion graphics'],
  },
  Branding: {
    description: 'Identities shaped with AI: logos, brand systems, packaging and visual languages that give a company its face.',
    relatedTags: ['logo', 'brand identity', 'packaging', 'typography', 'style guide', 'mockup'],
  },
  Illustration: {
    description: 'Drawn, painted and imagined with AI: characters, scenes, concept art and editorial pieces from creators worldwide.',
    relatedTags: ['character design', 'concept art', 'digital painting', 'fantasy', 'portrait', 'editorial'],
  },
  Mobile: {
    description: 'App screens and flows designed with AI: interfaces, onboarding, icons and interactions made for the phone.',
    relatedTags: ['ui', 'ux', 'ios', 'android', 'app design', 'icons'],
  },
  Print: {
    description: 'Work made for paper: posters, book covers, magazine layouts and prints generated and refined with AI.',
    relatedTags: ['poster', 'book cover', 'editorial', 'layout', 'typography', 'art print'],
  },
  'Production Design': {
    description: 'Worlds for film, games and stage: sets, environments, props and mood boards visualised with AI.',
    relatedTags: ['environment', 'set design', 'concept art', 'props', 'mood board', 'worldbuilding'],
  },
  'Web Design': {
    description: 'Websites and web apps designed with AI: landing pages, dashboards, templates and interface systems.',
    relatedTags: ['landing page', 'ui', 'web template', 'dashboard', 'ui components', 'responsive'],
  },
  Social: {
    description: 'Made to be shared: posts, stories, thumbnails, ads and campaign visuals generated with AI for social feeds.',
    relatedTags: ['instagram', 'thumbnail', 'ads', 'campaign', 'stories', 'meme'],
  },
};

const FALLBACK: TCategoryContent = {
  description: 'AI-assisted work from our community of creators, gathered under this category.',
  relatedTags: ['ai art', 'design', 'generative', 'inspiration'],
};

/** The upload category a URL names, in any letter case; null when it names none. */
export function uploadCategoryOf(name: string): TUploadCategory | null {
  const wanted = name.trim().toLowerCase();
  return UPLOAD_CATEGORIES.find((category) => category.toLowerCase() === wanted) ?? null;
}

export function categoryContent(name: string): TCategoryContent {
  const category = uploadCategoryOf(name);
  return category ? CONTENT[category] : FALLBACK;
}
