import type { PagerLinkProps } from '@mealprep/ui';
import { Link } from '@mealprep/router';

/** Lets the design system's Pager navigate with the router instead of reloading the page. */
export function RouterPagerLink({ href, ...rest }: PagerLinkProps) {
  return <Link to={href} {...rest} />;
}
