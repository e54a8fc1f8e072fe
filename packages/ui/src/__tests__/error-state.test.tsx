import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorState, Loading } from '../index';

describe('ErrorState', () => {
  it('when shown with a retry, then the user sees what happened and can try again', async () => {
    const onRetry = vi.fn();
    render(<ErrorState onRetry={onRetry} />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('We could not load this right now. Please try again.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('when shown without a title, then only the message is shown', () => {
    render(<ErrorState title={null} message="Nope." />);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Nope.');
  });
});

describe('Loading', () => {
  it('when rendered, then it says Loading…', () => {
    render(<Loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });
});
