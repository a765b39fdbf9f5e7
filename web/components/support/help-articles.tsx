// The support page's articles (SPEC §2 /support): Quick Help and Resources, written for how this product really works.
import { BookOpen, Image as ImageIcon, KeyRound, Lightbulb, ShieldCheck, Ticket, UserRound, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { INVITES_FOR_NEW_USER, PASSWORD_RESET_LINK_HOURS } from '@shared/constants';
import { MAX_MEDIA_PER_PROJECT } from '@shared/schemas/project';

export interface THelpArticle {
  title: string;
  summary: string;
  icon: LucideIcon;
  body: ReactNode;
}

const LINK = 'rounded-sm font-medium text-accent hover:text-accent-hover';

function Steps({ children }: { children: ReactNode }) {
  return <ol className="flex list-decimal flex-col gap-2 pl-5 marker:font-medium marker:text-zinc-500">{children}</ol>;
}

function Points({ children }: { children: ReactNode }) {
  return <ul className="flex list-disc flex-col gap-2 pl-5 marker:text-zinc-400">{children}</ul>;
}

function Tip({ children }: { children: ReactNode }) {
  return <p className="rounded-lg bg-violet-50 px-4 py-3 text-[13px] leading-6 text-violet-900">{children}</p>;
}

export const QUICK_HELP: THelpArticle[] = [
  {
    title: 'How to upload a project',
    summary: 'Share images, GIFs and videos as one project.',
    icon: ImageIcon,
    // SPEC §5 notes that the old help text said 'up to 5 images, JPG, PNG or GIF, up to 5MB each', which
    // contradicts the limits the upload form and server enforce (SPEC §9). This article states the real ones.
    body: (
      <>
        <Steps>
          <li>
            Sign in and choose <strong>Upload Work</strong> in the header.
          </li>
          <li>Give your project a title. A description is optional, but a few words about your idea and process help people find and understand it.</li>
          <li>Pick one or more categories that fit the work.</li>
          <li>
            Add your media: images (JPG, PNG, WebP, AVIF) and GIFs up to 10MB each, videos (MP4, WebM, MOV, AVI) up to 20MB each, at most{' '}
            {MAX_MEDIA_PER_PROJECT} files. The first file becomes the cover.
          </li>
          <li>Add at least one tag: type it and press Enter or the plus button.</li>
          <li>Publish. Your files upload first, then the project is created and appears in the gallery.</li>
        </Steps>
        <Tip>
          Up to 5 strong pieces, about 1600 px wide, make the best impression. If your images still carry their generation settings (from
          Automatic1111, ComfyUI or Content Credentials), the prompt and settings are shown next to your project automatically.
        </Tip>
      </>
    ),
  },
  {
    title: 'How to reset a password',
    summary: 'Get back into your account when you forgot your password.',
    icon: KeyRound,
    body: (
      <>
        <p>If you can't sign in because you forgot your password, you can choose a new one yourself.</p>
        <Steps>
          <li>
            On the <strong>Sign In</strong> page, choose <strong>Forgot password?</strong> and enter the e-mail address of your account.
          </li>
          <li>We e-mail you a password reset link.</li>
          <li>Open the link and choose a new password of at least 8 characters: not a common one, and not your name or e-mail address.</li>
        </Steps>
        <Tip>
          Reset links expire after {PASSWORD_RESET_LINK_HOURS === 1 ? '1 hour' : `${PASSWORD_RESET_LINK_HOURS} hours`} and work once. If yours has expired,
          just ask for a new one. Sign-in pauses for a while after several wrong passwords, to protect your account: wait a few minutes before
          trying again. No e-mail? Use the <strong>Contact Support</strong> form on this page with the category{' '}
          <strong>Account &amp; Profile</strong>.
        </Tip>
      </>
    ),
  },
  {
    title: 'Managing your profile',
    summary: 'Edit your details, find your work and settings.',
    icon: UserRound,
    body: (
      <>
        <p>
          Open <strong>Profile</strong> from your avatar menu in the header.
        </p>
        <Points>
          <li>
            <strong>Edit Profile</strong> changes your name, title, bio, location, website, your X, Dribbble and Behance links, and your
            profile picture.
          </li>
          <li>
            The tabs hold <strong>My Projects</strong> (edit or delete each one), the work you <strong>Liked</strong>, your{' '}
            <strong>Invite Codes</strong> and the <strong>Messages</strong> people send you from your projects.
          </li>
          <li>
            <strong>Settings</strong> shows your e-mail address and when you joined, and holds the option to delete your account.
          </li>
          <li>
            <strong>View public page</strong> shows your profile as visitors and clients see it.
          </li>
        </Points>
        <Tip>Deleting your account is permanent: your projects, files, likes and follows are removed with it.</Tip>
      </>
    ),
  },
  {
    title: 'Understanding invitation codes',
    summary: 'How membership works and how to invite others.',
    icon: Ticket,
    body: (
      <>
        <p>
          Membership is by invitation, so every member is vouched for by someone already here. Signing up needs a valid, unused invitation
          code.
        </p>
        <Points>
          <li>Every new member gets {INVITES_FOR_NEW_USER} codes to share.</li>
          <li>
            Find them on your profile's <strong>Invite Codes</strong> tab or on the{' '}
            <Link to="/invitation-codes" className={LINK}>
              Invitation Codes
            </Link>{' '}
            page, and copy one to send it.
          </li>
          <li>Each code works once. A used code shows when it was used, and the person who joined with it shows you as their inviter.</li>
          <li>Invite people whose work you believe in: you are accountable for who joins through your codes.</li>
        </Points>
        <Tip>
          No code yet?{' '}
          <Link to="/for-creators" className={LINK}>
            For Creators
          </Link>{' '}
          explains how to get one.
        </Tip>
      </>
    ),
  },
];

export const RESOURCES: THelpArticle[] = [
  {
    title: 'Platform Guidelines',
    summary: 'What belongs here and how to present it.',
    icon: BookOpen,
    body: (
      <>
        <p>This is a gallery for AI-native creative work. To keep it worth visiting:</p>
        <Points>
          <li>Share work you made or directed yourself. Do not upload other people's work, even with credit.</li>
          <li>Be open about the AI tools involved; keeping the generation settings in your files does this for you.</li>
          <li>Give projects honest titles, categories and tags, so search and categories stay useful.</li>
          <li>No illegal, hateful or sexually explicit content, and no images of real people made without their consent.</li>
          <li>Respect copyright and trademarks in your prompts and results.</li>
        </Points>
        <p>
          The full rules are in our{' '}
          <Link to="/terms" className={LINK}>
            Terms of Service
          </Link>
          .
        </p>
      </>
    ),
  },
  {
    title: 'Best Practices',
    summary: 'Get your work seen and get hired.',
    icon: Lightbulb,
    body: (
      <Points>
        <li>Lead with your strongest piece: the first file is the cover in every gallery.</li>
        <li>Fewer, better files: up to 5 focused pieces at about 1600 px wide beat a long scroll.</li>
        <li>Tell the story in the description: the brief, your process, what you iterated on.</li>
        <li>Use a handful of precise tags rather than many loose ones.</li>
        <li>Complete your profile with a title, a bio and your links, so clients know who they are hiring.</li>
        <li>Answer hire requests quickly: they arrive in your profile's Messages tab and by e-mail.</li>
      </Points>
    ),
  },
  {
    title: 'Community Rules',
    summary: 'How we treat each other here.',
    icon: Users,
    body: (
      <>
        <Points>
          <li>Be respectful and constructive. No harassment, threats or personal attacks.</li>
          <li>Hire and contact messages are for real enquiries: no spam, no mass messages, no selling.</li>
          <li>Likes and follows should be genuine: no extra accounts or trading likes.</li>
          <li>Credit the creators who inspired you.</li>
          <li>Invite people you trust, and share your codes privately.</li>
        </Points>
        <p className="flex items-start gap-2">
          <ShieldCheck className="mt-1 h-4 w-4 shrink-0 text-accent" aria-hidden />
          <span>
            See something that breaks these rules? Tell us through the form below with the category <strong>Report Abuse</strong>. We may
            remove content or suspend accounts that break them.
          </span>
        </p>
      </>
    ),
  },
];
