import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, buttonClassName } from '../index';

describe('Button', () => {
  it('when clicked, then it calls its handler and is a non-submitting button by default', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('when given a variant and size, then it looks different from the default', () => {
    expect(buttonClassName({ variant: 'ghost', size: 'lg' })).not.toBe(buttonClassName());
    expect(buttonClassName({ size: 'custom', className: 'px-9' })).toContain('px-9');
  });
});
