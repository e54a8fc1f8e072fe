import { describe, expect, it } from 'vitest';
import { holdReasons, repeatsItself, shouts, textKey } from './review-checks';

const OLD = { accountAgeMs: 30 * 86_400_000, recentOnListing: 0, textSeenElsewhere: false };

describe('the automatic checks of a review', () => {
  it('when a review is plain and fair, then nothing holds it, however harsh (and words that merely contain a rude one pass)', () => {
    for (const text of [
      'Tasty meals, on time, well packed. The keto bowls are the best.',
      'Terrible week: two meals were spoiled and nobody answered my e-mail.',
      'We live in Scunthorpe and the classic bass dish was an assessment of skill.',
      'Great for NYC: the BBQ chicken and the GF pasta are both good picks.',
      'Prices went up 10.5 percent this month, which was not explained at all.',
    ]) {
      expect(holdReasons(text, OLD), text).toEqual([]);
    }
  });

  it('when a review has strong language, a link, shouting or repeats itself, then it names each reason', () => {
    expect(holdReasons('This was shit food and late again, very poor.', OLD)).toEqual(['profanity']);
    expect(holdReasons('Fuuuck this service, honestly the worst ever.', OLD)).toContain('profanity');
    for (const text of ['Better deals at https://cheap.example/meals', 'Visit www.cheapmeals.test today for more', 'Order at cheapmeals.com instead of here']) {
      expect(holdReasons(text, OLD), text).toEqual(['link']);
    }
    expect(holdReasons('THIS IS THE WORST SERVICE I HAVE EVER USED, AVOID', OLD)).toEqual(['shouting']);
    expect(holdReasons('yum yum yum yum yum yum yum and more', OLD)).toEqual(['repeated']);
    expect(holdReasons('Sooooooooooo good, I would order again every week.', OLD)).toEqual(['repeated']);
  });

  it('when the account is new or unknown, the listing has a burst, or the text was seen in another review, then it waits', () => {
    const text = 'Lovely meals and a friendly driver every single week.';
    expect(holdReasons(text, { ...OLD, accountAgeMs: 3_600_000 })).toEqual(['new-account']);
    expect(holdReasons(text, { ...OLD, accountAgeMs: null })).toEqual(['new-account']);
    expect(holdReasons(text, { ...OLD, recentOnListing: 4 })).toEqual([]);
    expect(holdReasons(text, { ...OLD, recentOnListing: 5 })).toEqual(['burst']);
    expect(holdReasons(text, { ...OLD, textSeenElsewhere: true })).toEqual(['repeated']);
  });

  it('the same words in the same order are the same text, whatever the case, spacing and punctuation', () => {
    expect(textKey('Great food, on time!')).toBe(textKey('great   FOOD on time'));
    expect(textKey('Great food, on time!')).not.toBe(textKey('on time, great food'));
  });

  it('shouting needs most of many letters in capitals; repetition needs one word to be most of six or more, or a run of ten', () => {
    expect(shouts('OK')).toBe(false);
    expect(shouts('ABSOLUTELY LOVED IT, thanks')).toBe(true);
    expect(shouts('Absolutely LOVED the BBQ ribs and the GF mac')).toBe(false);
    expect(repeatsItself('good good food')).toBe(false);
    expect(repeatsItself('good good good good food here')).toBe(true);
    expect(repeatsItself('a long wait!!!!!!!!! but fine')).toBe(false);
    expect(repeatsItself('a long wait!!!!!!!!!! but fine')).toBe(true);
  });

  it('when strong words are spelled apart, hidden by invisible characters or written in other forms, then they are found all the same', () => {
    const spellings = [
      'f.u.c.k',
      'f u c k',
      'f-u-c-k',
      'f_u_c_k',
      'f*u*c*k',
      's.h.i.t',
      's h i t',
      'f\u200bu\u200bc\u200bk',
      'sh\u200bit',
      'ｆｕｃｋ',
      'ｓｈｉｔ',
      'f\u00adu\u00adc\u00adk',
      'b.i.t.c.h',
      'a s s h o l e',
      'c-u-n-t',
      'f.u.c.k.i.n.g',
      'f\u2060uck',
      'bi\u200dtch',
      's|h|i|t',
      'f~u~c~k',
      'sh1t',
      'fuuuuck',
      'b i t c h',
      'f . u . c . k',
      'f,u,c,k',
      'fu\u200cck',
      's\u034fhit',
      'ｂｉｔｃｈ',
      'a.s.s.h.o.l.e',
    ];
    const missed = spellings.filter((word) => !holdReasons(`This was ${word} awful food honestly.`, OLD).includes('profanity'));
    expect(missed).toEqual([]);
  });

  it('when a link is written with spaces, words for its dots, split letters or invisible characters, then it is found all the same', () => {
    const forms = [
      'example.com',
      'example . com',
      'example dot com',
      'example[.]com',
      'example(.)com',
      'e x a m p l e . c o m',
      'www . example . com',
      'exa\u200bmple.com',
      'ｅｘａｍｐｌｅ．ｃｏｍ',
      'h t t p s : / / example',
      'example (dot) com',
      'example .com',
      'w w w.example.com',
    ];
    const missed = forms.filter((form) => !holdReasons(`Order at ${form} for cheaper meals.`, OLD).includes('link'));
    expect(missed).toEqual([]);
  });

  it('when sentences end in a word a web address could end in, or letters stand apart for a reason, then nothing holds them', () => {
    for (const text of [
      'Tasty meals. Me and my wife love them both.',
      'We tried it. Co-workers loved it too, honestly.',
      'Great food. Us both approve of the portions!',
      'The U.S.A. sized portions are big and filling.',
      'A polka dot apron came with the first box.',
      'Mr. T. J. Smith cooks very well for the price.',
      'Great food. Shop elsewhere if you want it cheap.',
    ]) {
      expect(holdReasons(text, OLD), text).toEqual([]);
    }
  });

  it('when the name a review is shown under has strong language or a link, then the review waits for staff', () => {
    const text = 'Lovely meals and a friendly driver every single week.';
    expect(holdReasons(text, OLD, 'Dana R.')).toEqual([]);
    expect(holdReasons(text, OLD, 's h i t head')).toEqual(['profanity']);
    expect(holdReasons(text, OLD, 'cheapmeals dot com')).toEqual(['link']);
  });

  it('when the person had a review of the listing rejected or reported and deleted it, then their next one waits for staff', () => {
    expect(holdReasons('Lovely meals and a friendly driver every single week.', { ...OLD, decidedBefore: true })).toEqual(['decided-before']);
  });
});
