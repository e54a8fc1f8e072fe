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

/** For tests: answers the open question dialog called `name` by pressing the button called `button`. */
export async function answerDialog(name: string | RegExp, button: string): Promise<void> {
  const { screen, within } = await import('@testing-library/react');
  const { default: userEvent } = await import('@testing-library/user-event');
  const dialog = await screen.findByRole('alertdialog', { name });
  await userEvent.click(within(dialog).getByRole('button', { name: button }));
}

/** For tests: the message (toast) with this text, once it shows among the screen's messages. */
export async function findNotice(text: string): Promise<HTMLElement> {
  const { screen, within } = await import('@testing-library/react');
  return within(await screen.findByRole('region', { name: /^Messages/ })).findByText(text);
}

/** For tests: the texts of the messages (toasts) showing now. */
export async function noticeTexts(): Promise<string[]> {
  const { screen } = await import('@testing-library/react');
  return [...screen.getByRole('region', { name: /^Messages/ }).querySelectorAll('li')].map((item) => item.textContent ?? '');
}
