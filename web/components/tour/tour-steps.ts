// The onboarding tour's content (SPEC §3 'Tour step'): what each step says and which part of the page it points at.

export type TTourPosition = 'top' | 'bottom' | 'left' | 'right' | 'center';

export interface TTourStep {
  id: 'welcome' | 'search' | 'upload' | 'profile' | 'projects' | 'complete';
  title: string;
  description: string;
  /** CSS selector of the element the step talks about; shown only when it is on the page. */
  target: string;
  /** Where the card sits relative to the target; 'center' ignores the target. */
  position: TTourPosition;
  /** A short nudge to try the feature right after the tour. */
  action?: string;
}

/** Elements the tour points at carry `data-tour="<step id>"`. */
const tourTarget = (id: TTourStep['id']): string => `[data-tour="${id}"]`;

export function buildTourSteps(firstName: string | null): TTourStep[] {
  return [
    {
      id: 'welcome',
      title: firstName ? `Welcome, ${firstName}!` : 'Welcome!',
      description: 'This is where AI creators show their best work and get hired. Let us show you around in under a minute.',
      target: 'body',
      position: 'center',
    },
    {
      id: 'search',
      title: 'Search projects',
      description: 'Looking for a style, a tool or a topic? Type it in the search box and press Enter.',
      target: tourTarget('search'),
      position: 'bottom',
      action: 'Try "character design" or "logo".',
    },
    {
      id: 'upload',
      title: 'Share your work',
      description: 'Upload images, GIFs or videos you made with AI, and tag them so the right people find them.',
      target: tourTarget('upload'),
      position: 'bottom',
      action: 'Look for Upload Work in the header.',
    },
    {
      id: 'profile',
      title: 'Your profile',
      description: 'Your projects, likes and invitation codes live here. Add a bio and links so clients can reach you.',
      target: tourTarget('profile'),
      position: 'bottom',
    },
    {
      id: 'projects',
      title: 'Browse projects',
      description: 'Sort the gallery by Trending, Recent or Popular, like what inspires you and follow its creator.',
      target: tourTarget('projects'),
      position: 'top',
    },
    {
      id: 'complete',
      title: "You're all set!",
      description: 'Go make something amazing. You can replay this tour any time from the header.',
      target: 'body',
      position: 'center',
    },
  ];
}
