import { useSiteName } from '@/api/site';
import { SiteName } from '@/components/layout/SiteName';
import { LegalPage, type TLegalSection } from '@/components/page/LegalPage';
import { SupportEmailLink } from '@/components/page/SupportEmailLink';

const SECTIONS: TLegalSection[] = [
  {
    heading: 'What we store',
    body: (
      <ul className="list-disc pl-5">
        <li>
          <strong>Session cookie</strong> (essential): keeps you signed in. It is HttpOnly, so scripts cannot read it, and it ends when you
          sign out.
        </li>
        <li>
          <strong>Cookie preference</strong> (local storage): remembers whether you accepted, declined or dismissed the cookie banner.
        </li>
        <li>
          <strong>Onboarding tour</strong> (local storage): remembers that you finished or skipped the tour so it does not open again.
        </li>
        <li>
          <strong>Search hand-off</strong> (session storage): carries a search from the header to the search page; it is removed once read.
        </li>
      </ul>
    ),
  },
  {
    heading: 'No advertising trackers',
    body: <p>We do not use advertising or cross-site tracking cookies.</p>,
  },
  {
    heading: 'Your choices',
    body: (
      <p>
        Declining in the cookie banner keeps only what the site needs to work. You can clear cookies and site data in your browser at any
        time; you will then be signed out and see the banner again.
      </p>
    ),
  },
  {
    heading: 'Contact',
    body: (
      <p>
        Questions about cookies? Write to <SupportEmailLink />.
      </p>
    ),
  },
];

export default function CookiesPage() {
  const siteName = useSiteName();
  return (
    <LegalPage
      title="Cookie Policy"
      description={`The cookies and browser storage ${siteName} uses, why each one is there, and the choices you have.`}
      intro={<p>This policy explains the cookies and browser storage <SiteName /> uses and why.</p>}
      sections={SECTIONS}
    />
  );
}
