import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ToggleGroup } from '../index';

function Period() {
  const [days, setDays] = useState<30 | 90>(30);
  return (
    <>
      <ToggleGroup label="Period" options={[30, 90] as const} value={days} onChange={setDays} optionLabel={(d) => `Last ${d} days`} />
      <p>Showing {days} days</p>
    </>
  );
}

describe('ToggleGroup', () => {
  it('when another option is chosen, then it alone is pressed and the choice is passed on', async () => {
    render(<Period />);
    const group = screen.getByRole('group', { name: 'Period' });
    expect(group).toContainElement(screen.getByRole('button', { name: 'Last 30 days', pressed: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Last 90 days' }));
    expect(screen.getByRole('button', { name: 'Last 90 days', pressed: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Last 30 days', pressed: false })).toBeInTheDocument();
    expect(screen.getByText('Showing 90 days')).toBeInTheDocument();
  });
});
