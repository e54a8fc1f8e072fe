import fc from 'fast-check';
import { claimMatch } from './claim-match';

const listing = (website: string, email = '') => ({ contact: { email, website } });

describe('whether a signed-in address proves it speaks for a listing', () => {
  it("when the address is the listing's contact e-mail (any case, spaces around), then it is granted by contact e-mail, even at a free mail service", () => {
    expect(claimMatch('  Hello@GreenFork.COM ', listing('', 'hello@greenfork.com'))).toEqual({ granted: true, by: 'contact-email' });
    expect(claimMatch('greenforkkitchen@gmail.com', listing('', 'GreenForkKitchen@gmail.com'))).toEqual({ granted: true, by: 'contact-email' });
  });

  it("when the address is on the registrable domain of the listing's website (www, a subdomain, a path, no scheme), then it is granted by website domain", () => {
    expect(claimMatch('chef@greenfork.com', listing('https://www.greenfork.com/menu'))).toEqual({ granted: true, by: 'website-domain' });
    expect(claimMatch('chef@mail.greenfork.com', listing('greenfork.com'))).toEqual({ granted: true, by: 'website-domain' });
    expect(claimMatch('chef@greenfork.co.uk', listing('http://shop.greenfork.co.uk'))).toEqual({ granted: true, by: 'website-domain' });
  });

  it('when the address is at a free mail service, then it waits for an admin, even if the website is that service', () => {
    const match = claimMatch('someone@gmail.com', listing('https://gmail.com'));
    expect(match).toEqual({ granted: false, why: 'gmail.com is a free mail service: it cannot show that you run this business.' });
    expect(claimMatch('someone@yahoo.co.uk', listing('https://www.yahoo.co.uk')).granted).toBe(false);
  });

  it('when the domain only looks like the website (a longer name, the name as a subdomain of another), then it waits and says where each is', () => {
    expect(claimMatch('chef@evilgreenfork.com', listing('https://greenfork.com'))).toEqual({
      granted: false,
      why: "Your address is at evilgreenfork.com; the listing's website is at greenfork.com.",
    });
    expect(claimMatch('chef@greenfork.com.evil.io', listing('https://greenfork.com')).granted).toBe(false);
  });

  it('when two sites share a hosting suffix (github.io), then one site is not the other', () => {
    expect(claimMatch('chef@bar.github.io', listing('https://foo.github.io'))).toEqual({ granted: false, why: "Your address is at bar.github.io; the listing's website is at foo.github.io." });
    expect(claimMatch('chef@foo.github.io', listing('https://foo.github.io'))).toEqual({ granted: true, by: 'website-domain' });
  });

  it('when the listing has no website (or one that is not a web address), then a domain cannot match', () => {
    const why = 'The listing has no website whose domain could match your address.';
    expect(claimMatch('chef@greenfork.com', listing(''))).toEqual({ granted: false, why });
    expect(claimMatch('chef@greenfork.com', listing('http://'))).toEqual({ granted: false, why });
    expect(claimMatch('chef@greenfork.com', listing(`https://greenfork.com/${'a'.repeat(2_000)}`))).toEqual({ granted: false, why });
  });

  it('when the signed-in text is not an e-mail address (no @, nothing before it, far too long), then it is refused as such', () => {
    const why = 'The signed-in address is not an e-mail address.';
    for (const email of ['greenfork.com', '@greenfork.com', '', `${'a'.repeat(2_000)}@greenfork.com`])
      expect(claimMatch(email, listing('greenfork.com', 'x@greenfork.com')), email).toEqual({ granted: false, why });
  });

  it('when the address has no readable domain, then it says so', () => {
    expect(claimMatch('chef@localhost', listing('https://greenfork.com'))).toEqual({ granted: false, why: 'The signed-in address has no domain we can read.' });
  });

  it('property: an address at a free mail service is never granted by website domain, whatever the website', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('gmail.com', 'outlook.com', 'yahoo.com', 'hotmail.com', 'aol.com'),
        fc.stringMatching(/^[a-z]{1,12}$/),
        fc.constantFrom('', 'www.', 'mail.'),
        fc.constantFrom('gmail.com', 'outlook.com', 'yahoo.com', 'greenfork.com', 'kitchen.co.uk'),
        (provider, user, sub, site) => {
          const match = claimMatch(`${user}@${provider}`, listing(`https://${sub}${site}/menu`));
          expect(match.granted).toBe(false);
        },
      ),
    );
  });
});
