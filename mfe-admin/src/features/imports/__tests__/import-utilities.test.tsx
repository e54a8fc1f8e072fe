import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdminAt } from '../../../testing/render-admin';
import { skippedRowsCsv } from '../lib/csv-upload';

/** Stands in for XMLHttpRequest: records what was sent and answers with the next canned reply. */
function fakeXhr(replies: Array<{ status: number; body: unknown }>) {
  const sent: Array<{ url: string; body: unknown }> = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload = { onprogress: null as ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    send(body: unknown) {
      sent.push({ url: this.url, body });
      const reply = replies.shift()!;
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
        this.status = reply.status;
        this.responseText = JSON.stringify(reply.body);
        this.onload?.();
      }, 10);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const renderImports = (path = '/dashboard/import-utilities') => renderAdminAt(path);

describe('import utilities', () => {
  it('when no file or a non-CSV file is chosen, then the spec messages show and nothing is sent', async () => {
    const sent = fakeXhr([]);
    renderImports();
    expect(screen.getByRole('heading', { level: 1, name: 'Import Utilities' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Import blog posts' })).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('region', { name: 'Import services' })).getByRole('button', { name: 'Import' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a file first');
    await userEvent.upload(screen.getByLabelText('Import services file'), new File(['x'], 'logo.png', { type: 'image/png' }), { applyAccept: false });
    await userEvent.click(within(screen.getByRole('region', { name: 'Import services' })).getByRole('button', { name: 'Import' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a CSV file');
    expect(sent).toHaveLength(0);
  });

  it('when a CSV is imported, then the result line shows and the skipped rows can be downloaded; a failure says why', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:skipped'), revokeObjectURL: vi.fn() }));
    const sent = fakeXhr([
      { status: 200, body: { imported: 12, skipped: 2, unchanged: 0, skippedRows: [{ line: 3, name: '', reason: 'Name is empty' }] } },
      { status: 413, body: { error: { code: 'too_large', message: 'The file is too large: at most 20 MB.' } } },
      { status: 500, body: {} },
    ]);
    renderImports();
    const csv = new File(['Name\nA'], 'services.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('Import services file'), csv);
    await userEvent.click(within(screen.getByRole('region', { name: 'Import services' })).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('12 imported, 2 skipped.')).toBeInTheDocument();
    expect(sent[0]).toEqual({ url: '/api/catalog/admin/import/services', body: csv });
    expect(screen.getByRole('link', { name: 'Download the skipped rows and why (CSV)' })).toHaveAttribute('href', 'blob:skipped');
    await userEvent.click(within(screen.getByRole('region', { name: 'Import services' })).getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is too large: at most 20 MB.');
    await userEvent.click(within(screen.getByRole('region', { name: 'Import services' })).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Failed to import services')).toBeInTheDocument();
  });

  it('when the same file is imported again, then the result line counts the rows that were unchanged', async () => {
    fakeXhr([{ status: 200, body: { imported: 0, skipped: 1, unchanged: 40, skippedRows: [{ line: 3, name: '', reason: 'Name is empty' }] } }]);
    renderImports();
    await userEvent.upload(screen.getByLabelText('Import blog posts file'), new File(['Title\nA'], 'posts.csv', { type: 'text/csv' }));
    await userEvent.click(within(screen.getByRole('region', { name: 'Import blog posts' })).getByRole('button', { name: 'Import' }));
    expect(await within(screen.getByRole('region', { name: 'Import blog posts' })).findByText('0 imported, 1 skipped, 40 unchanged.')).toBeInTheDocument();
  });

  it('when skipped rows are downloaded, then formulas are defused and commas quoted', () => {
    expect(
      skippedRowsCsv([
        { line: 4, name: '=CMD()', reason: 'Name looks like a spreadsheet formula' },
        { line: 5, name: 'A, B', reason: 'x' },
      ]),
    ).toBe('line,name,reason\r\n4,\'=CMD(),Name looks like a spreadsheet formula\r\n5,"A, B",x');
  });

  it('when a skipped row holds arithmetic that ends in a formula, or a formula after spaces, a tab or in full-width signs, then the download defuses it too', () => {
    const rows = ["-2+3+cmd|' /C calc'!A0", '  =1+1', '\t@SUM(A1)', '＝1+1', '- fresh'].map((name, i) => ({ line: i + 2, name, reason: 'x' }));
    expect(skippedRowsCsv(rows).split('\r\n').slice(1)).toEqual(["2,'-2+3+cmd|' /C calc'!A0,x", "3,'  =1+1,x", "4,'\t@SUM(A1),x", "5,'＝1+1,x", "6,'- fresh,x"]);
  });
});
