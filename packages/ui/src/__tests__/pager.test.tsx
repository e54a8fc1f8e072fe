import { render, screen, within } from '@testing-library/react';
import { getPageItems, Pager } from '../index';

const hrefForPage = (page: number) => (page === 1 ? '/list?q=keto' : `/list?q=keto&page=${page}`);

function visiblePages(): string {
  return within(screen.getByRole('navigation', { name: 'Pagination' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent)
    .slice(1, -1)
    .join(' ');
}

describe('Pager', () => {
  it('when there is one page or none, then nothing is shown', () => {
    const { container, rerender } = render(<Pager page={1} pageCount={1} hrefForPage={hrefForPage} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<Pager page={1} pageCount={0} hrefForPage={hrefForPage} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('when there are 5 pages, then every page number shows and the current one is marked', () => {
    render(<Pager page={2} pageCount={5} hrefForPage={hrefForPage} />);
    expect(visiblePages()).toBe('1 2 3 4 5');
    expect(screen.getByRole('link', { name: '2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '3' })).not.toHaveAttribute('aria-current');
  });

  it('when there are 12 pages and page 6 is open, then it shows 1 … 5 6 7 … 12', () => {
    render(<Pager page={6} pageCount={12} hrefForPage={hrefForPage} />);
    expect(visiblePages()).toBe('1 … 5 6 7 … 12');
  });

  it('when links are built, then the rest of the URL is kept and page 1 has no page parameter', () => {
    render(<Pager page={6} pageCount={12} hrefForPage={hrefForPage} />);
    expect(screen.getByRole('link', { name: '1' })).toHaveAttribute('href', '/list?q=keto');
    expect(screen.getByRole('link', { name: '12' })).toHaveAttribute('href', '/list?q=keto&page=12');
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/list?q=keto&page=5');
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/list?q=keto&page=7');
  });

  it('when on the first or last page, then Previous or Next is not a link', () => {
    const { rerender } = render(<Pager page={1} pageCount={3} hrefForPage={hrefForPage} />);
    expect(screen.queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();
    expect(screen.getByText('Previous')).toHaveAttribute('aria-disabled', 'true');
    rerender(<Pager page={3} pageCount={3} hrefForPage={hrefForPage} />);
    expect(screen.queryByRole('link', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('when near either end of many pages, then only one ellipsis shows', () => {
    expect(getPageItems(1, 12)).toEqual([1, 2, 'ellipsis-end', 12]);
    expect(getPageItems(3, 12)).toEqual([1, 2, 3, 4, 'ellipsis-end', 12]);
    expect(getPageItems(12, 12)).toEqual([1, 'ellipsis-start', 11, 12]);
    expect(getPageItems(4, 8)).toEqual([1, 'ellipsis-start', 3, 4, 5, 'ellipsis-end', 8]);
    expect(getPageItems(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
