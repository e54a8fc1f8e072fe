import { bodiesTo, callsTo, mockApi } from '@mealprep/api-client/testing';
import type { BrandAdminView, BrandSettings } from '@mealprep/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdminAt } from '../../../testing/render-admin';

const settings: BrandSettings = {
  siteName: 'Prep Finder',
  shortName: 'Prep',
  tagline: 'Fresh food near you',
  logoLightId: null,
  logoDarkId: null,
  iconId: null,
  shareImageId: null,
  colours: { primary: '#047857', accent: '#b45309', primaryDark: '#34d399', accentDark: '#fbbf24' },
  socialLinks: ['https://www.instagram.com/prepfinder'],
  footerText: '',
  hero: { heading: 'Meals near you', text: '' },
  mail: { senderName: 'Prep Finder', replyTo: '' },
  analytics: { productAnalyticsKey: '', siteAnalyticsId: '', marketingScriptId: '' },
};

const view: BrandAdminView = {
  draft: { settings, savedBy: null, savedAt: null },
  current: { version: 2, settings },
  versions: [
    { version: 2, publishedBy: 'boss@example.com', publishedAt: '2026-11-02T10:00:00.000Z', from: null },
    { version: 1, publishedBy: 'first start', publishedAt: '2026-11-01T10:00:00.000Z', from: null },
  ],
  trail: [
    { at: '2026-11-02T10:00:00.000Z', by: 'boss@example.com', step: 'published', version: 2, from: null },
    { at: '2026-11-01T10:00:00.000Z', by: 'first start', step: 'published', version: 1, from: null },
  ],
};

describe('the brand screen', () => {
  it('when staff type a colour, then its contrast shows as they type; a draft the server refuses says why, and nothing else happens', async () => {
    const fetch = mockApi({
      '/api/catalog/admin/brand': { status: 200, body: view },
      '/api/catalog/admin/brand/draft': {
        status: 400,
        body: { error: { code: 'bad_request', message: 'Invalid brand: colours.primary #ffff00 reaches 1.07:1 as text on the light background (#ffffff); text needs at least 4.5:1' } },
      },
    });
    renderAdminAt('/dashboard/brand');
    const primary = await screen.findByRole('textbox', { name: 'Primary colour (light theme)' });
    expect(screen.getByText('5.48:1 as text on the light background')).toBeInTheDocument();
    await userEvent.clear(primary);
    await userEvent.type(primary, '#ffff00');
    expect(screen.getByText('1.07:1 as text on the light background: text needs at least 4.5:1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('#ffff00 reaches 1.07:1 as text on the light background');
    expect(bodiesTo(fetch, '/api/catalog/admin/brand/draft')).toEqual([{ ...settings, colours: { ...settings.colours, primary: '#ffff00' } }]);
    expect(bodiesTo(fetch, '/api/catalog/admin/brand/publish')).toEqual([]);
    expect(document.title).toBe('Brand | Meal Prep Directory');
  });

  it('when staff preview, then the draft is saved and the site opens with it in a new tab', async () => {
    const fetch = mockApi({ '/api/catalog/admin/brand': { status: 200, body: view }, '/api/catalog/admin/brand/draft': { status: 200, body: { settings } } });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderAdminAt('/dashboard/brand');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Hero heading' }), ', weekly');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await expect.poll(() => open.mock.calls).toEqual([['/?brand-preview=draft', '_blank', 'noopener']]);
    expect(bodiesTo(fetch, '/api/catalog/admin/brand/draft')).toEqual([{ ...settings, hero: { ...settings.hero, heading: 'Meals near you, weekly' } }]);
  });

  it('when staff publish, then the draft is saved, they confirm, and the version made is said; an earlier version is published again from the list', async () => {
    const fetch = mockApi({
      '/api/catalog/admin/brand': { status: 200, body: view },
      '/api/catalog/admin/brand/draft': { status: 200, body: { settings } },
      '/api/catalog/admin/brand/publish': [
        { status: 200, body: { version: 3, published: true } },
        { status: 200, body: { version: 4, published: true } },
      ],
    });
    renderAdminAt('/dashboard/brand');
    const name = await screen.findByRole('textbox', { name: 'Site name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Meal Finder');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Social links' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Social links' }), 'https://x.com/mealfinder{enter}{enter}https://www.facebook.com/mealfinder');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published as version 3.')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/catalog/admin/brand/draft')).toEqual([{ ...settings, siteName: 'Meal Finder', socialLinks: ['https://x.com/mealfinder', 'https://www.facebook.com/mealfinder'] }]);
    expect(bodiesTo(fetch, '/api/catalog/admin/brand/publish')).toEqual([{ from: 'draft' }]);

    const first = screen.getByRole('cell', { name: '1' }).closest('tr')!;
    expect(within(screen.getByRole('cell', { name: /^2/ }).closest('tr')!).queryByRole('button')).toBeNull();
    await userEvent.click(within(first).getByRole('button', { name: 'Publish again' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Publish again' }));
    await expect.poll(() => bodiesTo(fetch, '/api/catalog/admin/brand/publish')).toEqual([{ from: 'draft' }, { from: 1 }]);
  });

  it('when staff choose a picture, then it is uploaded for its use and shown, and the draft keeps its id; one the server refuses says why and changes nothing', async () => {
    const icon = 'brand-icon-00112233445566aa';
    const fetch = mockApi({
      '/api/catalog/admin/brand': { status: 200, body: view },
      '/api/catalog/admin/brand/draft': { status: 200, body: { settings } },
      '/api/media/admin/brand-images': [
        { status: 400, body: { error: { code: 'bad_request', message: 'The SVG holds a script (<script>); a brand picture may not. Save it without scripts and upload it again.' } } },
        { status: 201, body: { id: icon, width: 512, height: 512 } },
      ],
    });
    renderAdminAt('/dashboard/brand');
    const logo = await screen.findByLabelText('Logo (light theme)');
    await userEvent.upload(logo, new File(['<svg><script>alert(1)</script></svg>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The SVG holds a script (<script>)');
    expect(screen.queryByRole('img', { name: 'Logo (light theme), as uploaded' })).toBeNull();
    await userEvent.upload(screen.getByLabelText('Icon'), new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'icon.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Icon, as uploaded' })).toHaveAttribute('src', `/api/media/brand-images/${icon}/192`);
    expect(callsTo(fetch, '/api/media/admin/brand-images').map((url) => url.searchParams.get('use'))).toEqual(['logo', 'icon']);
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await expect.poll(() => bodiesTo(fetch, '/api/catalog/admin/brand/draft')).toEqual([{ ...settings, iconId: icon }]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove icon' }));
    expect(screen.queryByRole('img', { name: 'Icon, as uploaded' })).toBeNull();
  });
});
