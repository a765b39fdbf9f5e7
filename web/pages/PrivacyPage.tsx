import { Link } from 'react-router';
import { useSiteName } from '@/api/site';
import { SiteName } from '@/components/layout/SiteName';
import { LegalPage, type TLegalSection } from '@/components/page/LegalPage';
import { SupportEmailLink } from '@/components/page/SupportEmailLink';

const SECTIONS: TLegalSection[] = [
  {
    heading: 'What we collect',
    body: (
      <ul className="list-disc pl-5">
        <li>Account details: your name, e-mail address and a securely hashed password.</li>
        <li>Profile details you choose to add: bio, website, location, title, social links and a profile picture.</li>
        <li>Content you publish: projects, their media, descriptions and tags.</li>
        <li>Activity: likes, follows, project views and the messages you send through the site.</li>
        <li>Who invited you, recorded from the invitation code you used.</li>
      </ul>
    ),
  },
  {
    heading: 'How we use it',
    body: (
      <p>
        To run the service: to sign you in, show your work, count likes and views, deliver contact and hire messages, process job listing
        payments and keep the community safe. We do not sell your personal data.
      </p>
    ),
  },
  {
    heading: 'What others can see',
    body: (
      <p>
        Your name, profile and published projects are public. Your e-mail address is never shown to other members or visitors; messages
        sent to you through the site reach you without exposing it. When you send a message, its recipient sees the name and e-mail
        address you enter, so they can reply to you.
      </p>
    ),
  },
  {
    heading: 'Cookies',
    body: (
      <p>
        We use a session cookie to keep you signed in and local storage to remember choices such as your cookie preference. Details are in
        our{' '}
        <Link to="/cookies" className="font-medium text-accent hover:text-accent-hover">
          Cookie Policy
        </Link>
        .
      </p>
    ),
  },
  {
    heading: 'Keeping and deleting data',
    body: (
      <p>
        We keep your data while your account exists. Deleting your account removes your profile, sessions and unused invitation codes.
        Payment records may be kept as long as the law requires.
      </p>
    ),
  },
  {
    heading: 'Your rights',
    body: (
      <p>
        You can see and change your profile at any time, and ask us for a copy of your data or for its deletion. Write to <SupportEmailLink />.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  const siteName = useSiteName();
  return (
    <LegalPage
      title="Privacy Policy"
      description={`What ${siteName} collects about you, why, who can see it, and how to get a copy of your data or have it deleted.`}
      intro={<p>This policy explains what <SiteName /> collects about you, why, and the choices you have.</p>}
      sections={SECTIONS}
    />
  );
}
