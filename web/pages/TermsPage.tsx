import { Link } from 'react-router';
import { useSiteName } from '@/api/site';
import { SiteName } from '@/components/layout/SiteName';
import { LegalPage, type TLegalSection } from '@/components/page/LegalPage';
import { SupportEmailLink } from '@/components/page/SupportEmailLink';

const SECTIONS: TLegalSection[] = [
  {
    heading: 'Membership',
    body: (
      <p>
        <SiteName /> is invitation-only. You may create one account with a valid, unused invitation code. You are responsible for
        keeping your password safe and for everything done with your account. Invitation codes you receive are yours to share with people
        you trust; you are accountable for who joins through them.
      </p>
    ),
  },
  {
    heading: 'Your work',
    body: (
      <>
        <p>
          You keep the rights to the projects you upload. By publishing them you give us a worldwide, non-exclusive licence to host, resize,
          display and share them on the service for as long as they are published.
        </p>
        <p>
          Only upload work you have the right to share, and be open about the AI tools involved. Do not upload content that is illegal,
          hateful, sexually explicit, or that infringes another person's rights.
        </p>
      </>
    ),
  },
  {
    heading: 'Community conduct',
    body: (
      <p>
        Be respectful. Do not harass other members, send spam through contact or hire messages, scrape the service, or try to get around
        its limits or security. We may remove content or suspend accounts that break these rules.
      </p>
    ),
  },
  {
    heading: 'Job listings and payments',
    body: (
      <p>
        Job listings are paid in advance and stay active for the period shown when you post. Listings must describe real positions. We may
        remove listings that are misleading or break these terms; fees for removed listings are not refunded.
      </p>
    ),
  },
  {
    heading: 'Ending your account',
    body: (
      <p>
        You can delete your account at any time from your profile settings. Your account, sessions and unused invitation codes are removed
        when you do.
      </p>
    ),
  },
  {
    heading: 'Disclaimers',
    body: (
      <p>
        The service is provided "as is". We work to keep it available and safe but cannot promise it will always be error-free. To the extent
        the law allows, we are not liable for indirect or consequential losses.
      </p>
    ),
  },
  {
    heading: 'Contact',
    body: (
      <p>
        Questions about these terms? Write to <SupportEmailLink />. See also our <Link to="/privacy" className="font-medium text-accent hover:text-accent-hover">Privacy Policy</Link>.
      </p>
    ),
  },
];

export default function TermsPage() {
  const siteName = useSiteName();
  return (
    <LegalPage
      title="Terms of Service"
      description={`The rules for using ${siteName}: membership by invitation, your rights to your work, community conduct and paid job listings.`}
      intro={<p>These terms govern your use of <SiteName />. By creating an account or using the service you agree to them.</p>}
      sections={SECTIONS}
    />
  );
}
