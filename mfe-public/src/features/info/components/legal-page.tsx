import { usePageMeta } from '@mealprep/ui';
import type { ReactNode } from 'react';
import { Link } from '@mealprep/router';
import { useSiteName } from '../../../lib/runtime-config';

function LegalPage({ title, url, children }: { title: string; url: string; children: ReactNode }) {
  const siteName = useSiteName();
  usePageMeta({ title, url, description: `${title} of ${siteName}.` });
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-4 text-gray-700 dark:text-gray-200">
      <h1 className="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl dark:text-gray-50">{title}</h1>
      {children}
      <p>
        Questions? See the{' '}
        <Link to="/about" className="font-medium text-emerald-800 underline dark:text-emerald-300">
          About page
        </Link>
        .
      </p>
    </article>
  );
}

export function TermsPage() {
  const siteName = useSiteName();
  return (
    <LegalPage title="Terms of Service" url="/terms-of-service">
      <p>
        {siteName} lists meal prep services so visitors can find and contact them. The services are independent businesses: orders, payment, delivery and food safety are between you and the service
        you choose.
      </p>
      <p>Listings are written by their owners and reviewed by us, but we cannot guarantee that every detail is current. If something looks wrong, tell the service or report it to us.</p>
      <p>The full terms are being prepared and will be published on this page.</p>
    </LegalPage>
  );
}

export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy" url="/privacy-policy">
      <p>You can browse the directory without an account. Service owners who sign in give us their e-mail address so we can send sign-in links and manage their listings.</p>
      <p>We use analytics to understand which pages are visited and to improve the site. Details you send to a service through an embedded form are handled by the form provider and that service.</p>
      <p>The full privacy policy is being prepared and will be published on this page.</p>
    </LegalPage>
  );
}
