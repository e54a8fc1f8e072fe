import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@mealprep/router/testing';
import { RemoteArea } from '../../../lib/remote-area';
import type { RemoteRoutesModule } from '../../../lib/federation';

function RemotePage() {
  return <h1>From the remote</h1>;
}

describe('remote area', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('when the remote loads, then it shows Loading… and then the remote', async () => {
    let resolve!: (module: RemoteRoutesModule) => void;
    const load = vi.fn(() => new Promise<RemoteRoutesModule>((r) => (resolve = r)));
    render(
      <MemoryRouter>
        <RemoteArea load={load} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    resolve({ default: RemotePage });
    expect(await screen.findByRole('heading', { name: 'From the remote' })).toBeInTheDocument();
  });

  it('when the load fails, then the fallback shows, and Try again loads it for real', async () => {
    const load = vi.fn<() => Promise<RemoteRoutesModule>>().mockRejectedValueOnce(new Error('manifest unreachable')).mockResolvedValueOnce({ default: RemotePage });
    render(
      <MemoryRouter>
        <RemoteArea load={load} />
      </MemoryRouter>,
    );

    expect(await screen.findByText('This part of the site could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'From the remote' })).toBeInTheDocument();
    expect(screen.queryByText('This part of the site could not be loaded.')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('when the retry fails again, then the fallback stays', async () => {
    const load = vi.fn<() => Promise<RemoteRoutesModule>>().mockRejectedValue(new Error('still down'));
    render(
      <MemoryRouter>
        <RemoteArea load={load} />
      </MemoryRouter>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('This part of the site could not be loaded.')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
