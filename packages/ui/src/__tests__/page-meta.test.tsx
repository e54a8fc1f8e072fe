import { render } from '@testing-library/react';
import { formatPageTitle, PageMeta } from '../index';

const SITE = { siteName: 'Meal Prep Directory', tagline: 'Find meal prep services near you' };

describe('page meta', () => {
  it('when no title is given, then the default title is used', () => {
    expect(formatPageTitle(undefined, SITE)).toBe('Meal Prep Directory — Find meal prep services near you');
  });

  it('when a title is given, then the product name is appended', () => {
    expect(formatPageTitle('Page Not Found', SITE)).toBe('Page Not Found | Meal Prep Directory');
  });

  it('when a page renders its meta, then title, description and canonical URL are in the head', () => {
    render(<PageMeta title="About" description="Who we are." url="/about" />);
    expect(document.title).toBe('About | Meal Prep Directory');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Who we are.');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost:3000/about');
    expect(document.head.querySelector('meta[property="og:title"]')).toHaveAttribute('content', 'About | Meal Prep Directory');
  });
});
