import { Readable } from 'node:stream';
import { MAX_IMPORT_BYTES } from '@mealprep/contracts';
import { parseCsvStream } from './csv-stream';
import { refusal } from '../../testing/builders';

const file = (...chunks: Array<string | Buffer>) => Readable.from(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c, 'utf8') : c)));

describe('reading an uploaded CSV file', () => {
  it('when a file has a header and rows, then each row is named by the header, with its line number', async () => {
    const { header, rows } = await parseCsvStream(file('Name,City\r\nGreen Fork,Austin\r\nBasil Box,Dallas\r\n'));
    expect(header).toEqual(['Name', 'City']);
    expect(rows.map((r) => [r.line, { ...r.values }])).toEqual([
      [2, { Name: 'Green Fork', City: 'Austin' }],
      [3, { Name: 'Basil Box', City: 'Dallas' }],
    ]);
  });

  it('when the file has empty lines or lines of spaces, then they are not rows', async () => {
    const { rows } = await parseCsvStream(file('Name,City\n\nGreen Fork,Austin\n  \n\nBasil Box,Dallas\n\n'));
    expect(rows.map((r) => r.values.Name)).toEqual(['Green Fork', 'Basil Box']);
  });

  it('when a spreadsheet saved it with a byte order mark, semicolons and spaces around the column names, then the columns are still found', async () => {
    const { header, rows } = await parseCsvStream(file('\uFEFF Name ; State \nGreen Fork;Texas\n'));
    expect(header).toEqual(['Name', 'State']);
    expect({ ...rows[0]!.values }).toEqual({ Name: 'Green Fork', State: 'Texas' });
  });

  it('when a quoted cell holds commas, quotes and a new line, then it is one cell', async () => {
    const { rows } = await parseCsvStream(file('Name,Tagline\n"Green Fork","Fresh, local\nand ""good"""\n'));
    expect(rows[0]!.values.Tagline).toBe('Fresh, local\nand "good"');
  });

  it('when a column name repeats, a row is short, or a row has cells past the header, then the first column of a name wins, missing cells are empty and extra ones dropped', async () => {
    const { rows } = await parseCsvStream(file('Name,City,Name\nGreen Fork,Austin,Other\nBasil Box\nA,B,C,D,E\n'));
    expect(rows.map((r) => ({ ...r.values }))).toEqual([
      { Name: 'Green Fork', City: 'Austin' },
      { Name: 'Basil Box', City: '' },
      { Name: 'A', City: 'B' },
    ]);
  });

  it('when a column is called __proto__ or constructor, then it is an ordinary column and nothing else changes', async () => {
    const { rows } = await parseCsvStream(file('Name,__proto__,constructor\nGreen Fork,{"polluted":true},x\n'));
    expect(Object.hasOwn(rows[0]!.values, '__proto__')).toBe(true);
    expect(rows[0]!.values['__proto__']).toBe('{"polluted":true}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('when a multi-byte character is split between two chunks, then it is read whole', async () => {
    const bytes = Buffer.from('Name\nCafé Olé\n', 'utf8');
    const cut = bytes.indexOf(0xc3) + 1;
    const { rows } = await parseCsvStream(file(bytes.subarray(0, cut), bytes.subarray(cut)));
    expect(rows[0]!.values.Name).toBe('Café Olé');
  });

  it('when the file is empty, then it is refused as empty', async () => {
    expect(await refusal(parseCsvStream(file()))).toMatchObject({ status: 400, message: 'The file is empty.' });
  });

  it('when the file holds binary data or is not UTF-8 (even only at its end), then it is refused with what to do', async () => {
    expect(await refusal(parseCsvStream(file('Name\n', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]))))).toMatchObject({
      status: 400,
      message: 'That is not a CSV file: it holds binary data.',
    });
    const notUtf8 = 'The file is not UTF-8 text. Save it as CSV (UTF-8) and try again.';
    expect(await refusal(parseCsvStream(file(Buffer.from('Name\nCaf\xe9\n', 'latin1'))))).toMatchObject({ status: 400, message: notUtf8 });
    expect(await refusal(parseCsvStream(file('Name\nCaf', Buffer.from([0xc3]))))).toMatchObject({ status: 400, message: notUtf8 });
  });

  it('when the file is larger than the limit, then it is refused with 413 before it is read', async () => {
    const error = await refusal(parseCsvStream(file('Name\n', Buffer.alloc(MAX_IMPORT_BYTES, 0x61))));
    expect(error).toMatchObject({ status: 413, code: 'too_large', message: `The file is too large: at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB.` });
  });
});
