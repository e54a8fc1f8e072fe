import { describe, expect, it } from 'vitest';
import { outerUrl, sanitiseSvg } from './svg-sanitiser';

const svg = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">${inner}</svg>`;

describe('an SVG brand picture, cleaned', () => {
  it('when it holds only drawing and references inside itself, then it is kept as XML with its parts', () => {
    const result = sanitiseSvg(svg('<defs><linearGradient id="g"><stop offset="0" stop-color="#047857"/></linearGradient></defs><rect width="10" height="10" fill="url(#g)"/>'));
    expect(result).toEqual({
      svg: '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="#047857"/></linearGradient></defs><rect width="10" height="10" fill="url(#g)"/></svg>',
    });
  });

  it('when it runs code in any of the ways an SVG can, then it is refused naming the way', () => {
    expect(sanitiseSvg(svg('<script>alert(1)</script>'))).toEqual({ refused: { kind: 'script', what: '<script>' } });
    expect(sanitiseSvg(svg('<rect onload="alert(1)"/>'))).toEqual({ refused: { kind: 'script', what: 'the onload attribute' } });
    expect(sanitiseSvg(svg('<a href="javascript:alert(1)"><rect/></a>'))).toEqual({ refused: { kind: 'script', what: 'a javascript: link' } });
    expect(sanitiseSvg(svg('<foreignObject><iframe src="https://x.example/"></iframe></foreignObject>'))).toEqual({ refused: { kind: 'script', what: '<foreignobject>' } });
  });

  it('when it refers to a file outside it, then it is refused naming the file', () => {
    expect(sanitiseSvg(svg('<image xlink:href="https://t.example/p.png"/>'))).toEqual({ refused: { kind: 'external', what: 'https://t.example/p.png' } });
    expect(sanitiseSvg(svg('<use href="other.svg#shape"/>'))).toEqual({ refused: { kind: 'external', what: 'other.svg#shape' } });
    expect(sanitiseSvg(svg('<rect style="fill: url( \'https://t.example/f.svg#p\' )"/>'))).toEqual({ refused: { kind: 'external', what: 'https://t.example/f.svg#p' } });
    expect(sanitiseSvg(svg('<style>@import "https://t.example/a.css";</style>'))).toEqual({ refused: { kind: 'external', what: '@import in a style' } });
  });

  it('when a style holds a megabyte of unclosed url( openings, then it is read once through (no backtracking)', () => {
    const css = `${'url( '.repeat(200_000)}#x`;
    expect(outerUrl(css)).toBe('url(');
    expect(outerUrl(`fill:url(#a);stroke:url( "#b" )`)).toBeNull();
  });
});
