import { looksParked } from './parking-signatures';
import { readPage } from './visible-text';

/** As a check reads a page: the markup, and the text a visitor sees. */
const parked = (html: string) => looksParked(html, readPage(html).text);

describe('what counts as a parked or for-sale domain', () => {
  it('a page that says the domain is for sale or parked, in any case', () => {
    for (const html of [
      '<p>This domain is for sale.</p>',
      '<p>This domain name may be for sale</p>',
      '<h1>Buy this domain</h1>',
      '<p>The domain greenbox.example is for sale</p>',
      '<p>This domain is parked free, courtesy of a registrar.</p>',
      '<p>This webpage is parked</p>',
      '<a href="#">Make an offer on this domain</a>',
      '<p>Inquire about this domain</p>',
      '<P>THIS&nbsp;DOMAIN IS FOR SALE</P>',
    ])
      expect(parked(html), html).toBe(true);
  });

  it('a page that carries the markup of a parking or domain-sale service', () => {
    for (const html of [
      '<script src="https://www.sedoparking.com/frmpark/park.js"></script>',
      '<iframe src="https://www.hugedomains.com/domain_profile.cfm?d=greenbox"></iframe>',
      '<a href="https://dan.com/buy-domain/greenbox.example">Get it</a>',
      '<script>window.park = "abc";</script>',
      '<link href="/parking/style.css" rel="stylesheet">',
    ])
      expect(parked(html), html).toBe(true);
  });

  it('a meal prep business that sells, buys, parks or talks of domains is not parked', () => {
    for (const html of [
      "<h1>Green Box Meals</h1><p>Fresh meals for sale every week. Buy this week's box!</p>",
      '<p>Our domain experts cook keto meals.</p>',
      '<p>Free parking behind the kitchen. We parked our food truck on Main St.</p>',
      '<p>This site uses cookies.</p>',
      '',
    ])
      expect(parked(html), html).toBe(false);
  });

  it('a parking phrase inside a script is not text a visitor reads, so a page in business that carries one is not parked', () => {
    expect(parked('<p>Green Box Meals: weekly meal prep.</p><script>var t = "buy this domain";</script>')).toBe(false);
  });
});
