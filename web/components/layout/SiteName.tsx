import { useSiteName } from '@/api/site';

/** The configured product name inside running text (SITE_NAME, never a name written into the client). */
export function SiteName() {
  return <>{useSiteName()}</>;
}
