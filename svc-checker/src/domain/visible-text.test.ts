import fc from 'fast-check';
import { readPage } from './visible-text';

describe('reading a page as a visitor sees it', () => {
  it('keeps the text, collapses white space, and separates words that tags separate', () => {
    expect(readPage('<h1>Green\n  Box</h1><p>Meals</p><ul><li>Keto</li><li>Vegan</li></ul>').text).toBe('Green Box Meals Keto Vegan');
  });

  it('decodes entities as a browser shows them', () => {
    expect(readPage('<p>Salt &amp; Pepper &lt;3 caf&eacute; &#8212; 10&nbsp;%</p>').text).toBe('Salt & Pepper <3 café — 10 %');
  });

  it('drops what a visitor does not see: scripts, styles, noscript, templates, comments, and upper-case tags too', () => {
    const html = '<SCRIPT>var a = "script text";</SCRIPT><style>.x{}</style><noscript>enable js</noscript><template><p>later</p></template><!-- a comment --><p>Seen</p>';
    expect(readPage(html).text).toBe('Seen');
  });

  it('an unclosed script hides everything after it, as a browser would', () => {
    expect(readPage('<p>Before</p><script>document.write("x")<p>After</p>').text).toBe('Before');
  });

  it('a self-closing script tag does not close it: what follows is still the script', () => {
    expect(readPage('<p>Before</p><script/>alert(1)</script><p>After</p>').text).toBe('Before After');
  });

  it('a picture, video, frame or drawing counts as something shown; text and links alone do not', () => {
    for (const html of ['<img src="a.jpg">', '<video src="a.mp4"></video>', '<iframe src="/x"></iframe>', '<svg viewBox="0 0 1 1"></svg>', '<canvas></canvas>'])
      expect(readPage(`<body>${html}</body>`).hasMedia, html).toBe(true);
    expect(readPage('<a href="/menu">Menu</a><p>Order now</p>').hasMedia).toBe(false);
  });

  it('text inside a hidden element never shows, and the text around it always does', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,12}$/), fc.stringMatching(/^[a-z]{1,12}$/), fc.constantFrom('script', 'style', 'noscript', 'template'), (before, after, hidden) => {
        const reading = readPage(`<p>${before}</p><${hidden}>SECRETWORD</${hidden}><p>${after}</p>`);
        expect(reading.text).toBe(`${before} ${after}`);
      }),
      { numRuns: 200 },
    );
  });

  it('a deeply nested page is read whole', () => {
    const depth = 20_000;
    const html = `${'<div>'.repeat(depth)}deep text${'</div>'.repeat(depth)}`;
    expect(readPage(html)).toEqual({ text: 'deep text', hasMedia: false });
  });
});
