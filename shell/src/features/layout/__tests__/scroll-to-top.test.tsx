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
    await act(() => navigate('/state/ohio'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    await act(() => navigate('/state/ohio?page=2'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    await act(() => navigate('/'));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it('when the first page mounts (hydrating the server page the visitor may have scrolled), then the scroll is left alone', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/state/texas']}>
        <ScrollToTop />
      </MemoryRouter>,
    );
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
