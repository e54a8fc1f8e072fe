import { describe, expect, it } from 'vitest';
import { claimMatch } from '../src/domain/claims/claim-match';

const listing = (website: string, email = 'hello@greenfork.com') => ({ contact: { email, website } });

describe('who may take a listing over at once', () => {
  it('when the signed-in address is the listing contact e-mail or on the domain of its website, then the claim is granted; otherwise it says why it waits', () => {
    const cases: Array<[string, ReturnType<typeof listing>, string]> = [
      // The listing's own address, whatever its provider and case.
      ['Hello@GreenFork.com', listing(''), 'contact-email'],
      ['greenforkkitchen@gmail.com', listing('', 'greenforkkitchen@gmail.com'), 'contact-email'],
      // The website's base domain, public-suffix aware.
      ['chef@greenfork.com', listing('https://www.greenfork.com/menu'), 'website-domain'],
      ['chef@mail.greenfork.com', listing('greenfork.com'), 'website-domain'],
      ['chef@greenfork.co.uk', listing('http://shop.greenfork.co.uk'), 'website-domain'],
      ['chef@kitchen.com.au', listing('www.kitchen.com.au'), 'website-domain'],
    ];
    for (const [email, of, by] of cases) expect(claimMatch(email, of), email).toEqual({ granted: true, by });

    const waits: Array<[string, ReturnType<typeof listing>, string]> = [
      ['someone@gmail.com', listing('https://sites.google.com/view/greenfork'), 'gmail.com is a free mail service'],
      ['someone@outlook.com', listing('outlook.com'), 'outlook.com is a free mail service'],
      ['someone@yahoo.co.uk', listing('https://www.yahoo.co.uk'), 'yahoo.co.uk is a free mail service'],
      ['chef@othersite.com', listing('https://www.greenfork.com'), "the listing's website is at greenfork.com"],
      // A shared host's suffix is not one business: foo.github.io is not bar.github.io.
      ['chef@bar.github.io', listing('https://foo.github.io'), "the listing's website is at foo.github.io"],
      // A look-alike that only ends the same way.
      ['chef@evilgreenfork.com', listing('https://greenfork.com'), "the listing's website is at greenfork.com"],
      ['chef@greenfork.com.evil.io', listing('https://greenfork.com'), "the listing's website is at greenfork.com"],
      ['chef@greenfork.com', listing(''), 'The listing has no website'],
      ['chef@greenfork.com', listing('javascript:alert(1)'), 'The listing has no website'],
      ['chef@greenfork.com', listing(`https://${'a'.repeat(3_000)}.com`), 'The listing has no website'],
      ['chef@greenfork.com', listing('https://127.0.0.1/'), 'The listing has no website'],
      ['not-an-address', listing('https://greenfork.com'), 'not an e-mail address'],
      [`chef@${'a'.repeat(3_000)}.com`, listing('https://greenfork.com'), 'not an e-mail address'],
    ];
    for (const [email, of, why] of waits) {
      const answer = claimMatch(email, of);
      expect(answer.granted, email).toBe(false);
      expect(answer.granted ? '' : answer.why, email).toContain(why);
    }
  });
});
