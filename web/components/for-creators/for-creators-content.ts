// What the For Creators page promises (SPEC §2 /for-creators): six benefits and two feature groups, each true of the product.
import {
  Briefcase,
  Compass,
  Flame,
  Heart,
  Image as ImageIcon,
  LayoutGrid,
  Mail,
  MessageSquare,
  Search,
  ShieldCheck,
  Sparkles,
  Users,
  type LucideIcon,
} from 'lucide-react';

export interface TFeature {
  title: string;
  text: string;
  icon: LucideIcon;
}

export const BENEFITS: TFeature[] = [
  {
    title: 'A Portfolio That Puts Work First',
    text: 'Images, GIFs and videos in a clean gallery where your work is the loudest thing on the page.',
    icon: ImageIcon,
  },
  {
    title: 'Credit for Your Craft',
    text: 'Your name on every piece, and the prompt and tool shown automatically when your files carry their generation settings.',
    icon: Sparkles,
  },
  {
    title: 'Get Discovered',
    text: 'Trending, categories, search and "Projects You Might Like" put your work in front of people looking for it.',
    icon: Search,
  },
  {
    title: 'Get Hired Directly',
    text: 'Clients message you from any project with Hire Me. Requests reach your inbox and your e-mail, and your address stays private.',
    icon: Briefcase,
  },
  {
    title: 'A Curated Community',
    text: 'Membership is by invitation, so every member is vouched for and the gallery stays about quality, not volume.',
    icon: ShieldCheck,
  },
  {
    title: 'Grow Your Following',
    text: 'Members follow the creators they admire, like their work and share it with a link that previews beautifully.',
    icon: Users,
  },
];

export interface TFeatureGroup {
  title: string;
  features: TFeature[];
}

export const FEATURE_GROUPS: TFeatureGroup[] = [
  {
    title: 'Client Connections',
    features: [
      { title: 'Direct Messaging', text: 'Visitors write to you straight from your projects, and you answer them by e-mail.', icon: Mail },
      { title: 'Project Inquiries', text: "Every hire request names the project that caught the client's eye, so you know what they loved.", icon: MessageSquare },
    ],
  },
  {
    title: 'Community Features',
    features: [
      { title: 'Like and Comment', text: 'Show the work that inspires you some love, and send its creator a note.', icon: Heart },
      { title: 'Trending Projects', text: 'See what the community is loving right now, ranked by likes and views.', icon: Flame },
      { title: 'Category Exploration', text: 'Browse Animation, Branding, Illustration, Web Design and more.', icon: LayoutGrid },
      { title: 'Inspiration Feeds', text: 'Trending, recent and popular work, gathered on the Inspiration page.', icon: Compass },
    ],
  },
];
