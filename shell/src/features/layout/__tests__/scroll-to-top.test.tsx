import { act, render } from '@testing-library/react';
import { useNavigate, type NavigateFunction } from '@mealprep/router';
import { MemoryRouter } from '@mealprep/router/testing';
import { ScrollToTop } from '../components/scroll-to-top';

let navigate: NavigateFunction;
function NavigateProbe() {
  navigate = useNavigate();
  return null;
}

describe('scroll to top', () => {
  it('when the route changes, then the window scrolls to the top; a new query on the same page does not', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/']}>
        <ScrollToTop />
        <NavigateProbe />
      </MemoryRouter>,
    );
    expect(scrollTo).toHaveBeenCalledTimes(1);
    await act(() => navigate('/state/ohio'));
    expect(scrollTo).toHaveBeenCalledTimes(2);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    await act(() => navigate('/state/ohio?page=2'));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });
});
