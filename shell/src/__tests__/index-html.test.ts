import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUNTIME_CONFIG_ELEMENT_ID, THEME_STORAGE_KEY } from '@mealprep/contracts/browser';

const html = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../index.html'), 'utf8');

describe('shell HTML template', () => {
  it('when served, then it has the placeholder the gateway swaps for the runtime config', () => {
    expect(html).toContain('<!--runtime-config-->');
    expect(RUNTIME_CONFIG_ELEMENT_ID).toBe('runtime-config');
  });

  it('when it runs the pre-paint theme script, then the stored dark theme is applied before React starts', () => {
    expect(html).toContain(`'${THEME_STORAGE_KEY}'`);
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(script).toBeDefined();
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    new Function(script ?? '')();
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    localStorage.clear();
  });
});
