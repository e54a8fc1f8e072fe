import { buildListing, EMPTY_OWNER_FORM, facebookUrl, instagramUrl, missingRequired, websiteUrl } from '../lib/build-listing';

const filled = { ...EMPTY_OWNER_FORM, name: 'Sam', email: ' sam@example.com ', businessName: '  Sam’s Keto Kitchen!! ', termsAccepted: true };

describe('the owner form rules', () => {
  it('when social handles are typed, then @handles and bare names become profile URLs and web addresses are kept', () => {
    expect(instagramUrl('@fitfuel')).toBe('https://www.instagram.com/fitfuel');
    expect(instagramUrl('fitfuel')).toBe('https://www.instagram.com/fitfuel');
    expect(instagramUrl('https://instagram.com/x')).toBe('https://instagram.com/x');
    expect(facebookUrl('fitfuel')).toBe('https://www.facebook.com/fitfuel');
    expect(facebookUrl('http://facebook.com/fitfuel')).toBe('http://facebook.com/fitfuel');
    expect(instagramUrl('  ')).toBe('');
    expect(websiteUrl('fitfuel.example.com')).toBe('https://fitfuel.example.com');
  });

  it('when required fields are blank after trimming or terms are not accepted, then the form is incomplete', () => {
    expect(missingRequired(filled)).toBe(false);
    expect(missingRequired({ ...filled, name: '   ' })).toBe(true);
    expect(missingRequired({ ...filled, email: '' })).toBe(true);
    expect(missingRequired({ ...filled, businessName: ' ' })).toBe(true);
    expect(missingRequired({ ...filled, termsAccepted: false })).toBe(true);
  });

  it('when the listing is built, then slug, defaults, delivery flags and the website rule follow spec §5 and §9', () => {
    const listing = buildListing({ ...filled, hasWebsite: 'NO', website: 'https://ignored.example.com', instagramHandle: '@samketo', facebookUrl: 'samketo', homeDelivery: 'YES', shipping: 'NO' });
    expect(listing).toMatchObject({
      name: 'Sam’s Keto Kitchen!!',
      slug: 'sam-s-keto-kitchen',
      defaultCurrency: 'USD',
      languages: ['en'],
      status: 'draft',
      deliveryMethods: { localDelivery: true, pickup: false, shipsDomestically: false, shipsInternationally: false },
      contact: { email: 'sam@example.com', website: '', socialLinks: ['https://www.instagram.com/samketo', 'https://www.facebook.com/samketo'] },
      locations: [],
      metadata: { ownerName: 'Sam', submittedVia: 'dashboard', termsAccepted: true },
    });
    const withSite = buildListing({ ...filled, hasWebsite: 'YES', website: 'sam.example.com', instagramHandle: '@ignored', shipping: 'YES', city: 'Austin' });
    expect(withSite.contact).toMatchObject({ website: 'https://sam.example.com', socialLinks: [] });
    expect(withSite.deliveryMethods).toMatchObject({ shipsDomestically: true, pickup: false, shipsInternationally: false });
    expect(withSite.locations).toEqual([{ label: '', address: { line1: '', city: 'Austin', region: '', postalCode: '', countryCode: 'US' }, isPrimary: true }]);
  });
});
