import { looksLikeFormula } from './spreadsheet-formula';

describe('a cell that would run as a spreadsheet formula', () => {
  it('when a cell starts with =, @, + or - and a formula follows (arithmetic leading to a call, another program or another sheet included), then it is one', () => {
    for (const cell of [
      '=HYPERLINK("http://evil")',
      '@SUM(A1)',
      '+1+1',
      '-cmd|calc',
      "-2+3+cmd|' /C calc'!A0",
      "+2+3+cmd|' /C calc'!A0",
      '-1+1',
      '-(1)',
      '-A1',
      '--1',
      '+ extra',
      "- cmd|' /C calc'!A0",
      '- HYPERLINK("http://evil")',
      '- Sheet2!A1',
    ])
      expect([cell, looksLikeFormula(cell)]).toEqual([cell, true]);
  });

  it('when the sign comes after spaces, tabs, carriage returns or line breaks, or is a full-width one, then it is one all the same', () => {
    for (const cell of ['\t=1+1', '\r=1+1', '\r\n-2+3+cmd|x', '  @SUM(A1)', '\u00a0+1+1', '\ufeff=1', '＝1+1', '－2+3+cmd|x', '＠SUM(A1)'])
      expect([cell, looksLikeFormula(cell)]).toEqual([cell, true]);
  });

  it('when a cell is text, a plain number with its sign, a lone dash or a list dash before words, then it is not one', () => {
    for (const cell of ['', 'Green Fork Kitchen', '-97.74', '+1', '-0.5', '-.5', '-', ' - ', '- fresh every week', '- 2 meals, 3 sizes', 'a=b', 'name@example.com', '3-4 meals'])
      expect([cell, looksLikeFormula(cell)]).toEqual([cell, false]);
  });
});
