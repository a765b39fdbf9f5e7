// What the careers page says about working here (SPEC §2 /careers): three values and the benefits lists.
import { Heart, Lightbulb, Palette, Sprout, Sun, Users, type LucideIcon } from 'lucide-react';

export interface TCareerValue {
  title: string;
  text: string;
  icon: LucideIcon;
}

export const CAREER_VALUES: TCareerValue[] = [
  {
    title: 'Creative First',
    text: 'We build for people who make things, and we make things ourselves. Craft and taste guide our decisions as much as numbers do.',
    icon: Palette,
  },
  {
    title: 'Innovation',
    text: 'AI tools change every month. We try new ideas early, ship in small steps, and learn from what creators actually do.',
    icon: Lightbulb,
  },
  {
    title: 'Collaboration',
    text: 'Design, engineering and community work as one team, in the open, with candour and kindness. The best idea wins, wherever it comes from.',
    icon: Users,
  },
];

export interface TBenefitList {
  title: string;
  icon: LucideIcon;
  items: string[];
}

export const BENEFIT_LISTS: TBenefitList[] = [
  {
    title: 'Health & Wellness',
    icon: Heart,
    items: ['Health, dental and vision cover for you and your family', 'Mental health support, no questions asked', 'A yearly wellness budget'],
  },
  {
    title: 'Work & Life',
    icon: Sun,
    items: ['Remote-first, with flexible hours', '25 days off plus public holidays', 'Paid parental leave', 'A budget to set up your home studio'],
  },
  {
    title: 'Growth',
    icon: Sprout,
    items: ['A yearly learning and conference budget', 'The AI tools you want to explore, paid for', 'Mentorship and a clear path to grow', 'Equity in what we build together'],
  },
];
