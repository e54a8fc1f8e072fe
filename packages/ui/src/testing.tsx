import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';

/**
 * For tests: puts an element's server HTML into the document, lets the test act on it as a visitor
 * would before the app runs (`beforeHydration`), then hydrates it. `done` unmounts and removes it.
 */
export async function renderOnServerThenHydrate(element: ReactElement, beforeHydration: (container: HTMLElement) => void = () => undefined): Promise<{ container: HTMLElement; done: () => void }> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.append(container);
  beforeHydration(container);
  const root = await act(async () => hydrateRoot(container, element));
  return {
    container,
    done: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}
