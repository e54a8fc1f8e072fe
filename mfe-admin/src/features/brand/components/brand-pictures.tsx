import { serverMessage } from '@mealprep/api-client';
import type { BrandSettings } from '@mealprep/contracts';
import { brandImagePath, type BrandImageUse } from '@mealprep/contracts/browser';
import { Button } from '@mealprep/ui';
import { useId, useState } from 'react';
import { uploadBrandImage } from '../api/admin-brand';

type PictureKey = 'logoLightId' | 'logoDarkId' | 'iconId' | 'shareImageId';

const PICTURES: ReadonlyArray<{ key: PictureKey; use: BrandImageUse; label: string; hint: string; preview: 'light' | 'dark' }> = [
  { key: 'logoLightId', use: 'logo', label: 'Logo (light theme)', hint: 'Shown in the header in place of the name; PNG, WebP or SVG, at most 1 MB.', preview: 'light' },
  { key: 'logoDarkId', use: 'logo', label: 'Logo (dark theme)', hint: 'Empty: the light theme’s logo.', preview: 'dark' },
  { key: 'iconId', use: 'icon', label: 'Icon', hint: 'Square, at least 512×512 pixels (or an SVG): the favicons, the Apple touch icon and the app icons are made from it.', preview: 'light' },
  { key: 'shareImageId', use: 'share', label: 'Share image', hint: 'At least 600×315 pixels: shown where a page without an image of its own is shared (made 1200×630).', preview: 'light' },
];

/** One picture of the brand: what the draft has, a file to upload in its place, or none. */
function PictureField({ picture, id, onChange }: { picture: (typeof PICTURES)[number]; id: string | null; onChange: (id: string | null) => void }) {
  const control = useId();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setState({ busy: true, error: null });
    try {
      onChange((await uploadBrandImage(picture.use, file)).id);
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error: serverMessage(error) ?? 'The picture could not be uploaded' });
    }
  };
  return (
    <div className="flex flex-col gap-2 text-sm">
      <label htmlFor={control} className="font-medium">
        {picture.label}
      </label>
      <div className={`flex h-20 items-center justify-center rounded border border-gray-300 p-2 dark:border-gray-600 ${picture.preview === 'dark' ? 'bg-gray-950' : 'bg-white'}`}>
        {id ? (
          <img src={brandImagePath(id, picture.use === 'icon' ? 192 : 'full')} alt={`${picture.label}, as uploaded`} className="max-h-16 max-w-full object-contain" />
        ) : (
          <span className={picture.preview === 'dark' ? 'text-gray-300' : 'text-gray-700'}>None</span>
        )}
      </div>
      <input
        id={control}
        type="file"
        accept="image/png,image/webp,image/svg+xml"
        aria-describedby={`${control}-hint`}
        disabled={state.busy}
        onChange={(e) => {
          void upload(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <span id={`${control}-hint`} className="text-xs text-gray-600 dark:text-gray-400">
        {picture.hint}
      </span>
      {state.busy ? <span role="status">Uploading…</span> : null}
      {state.error ? (
        <span role="alert" className="text-red-700 dark:text-red-300">
          {state.error}
        </span>
      ) : null}
      {id ? (
        <Button type="button" size="sm" variant="outline" onClick={() => onChange(null)}>
          Remove {picture.label.toLowerCase()}
        </Button>
      ) : null}
    </div>
  );
}

/** The brand's pictures in the draft: each uploaded when chosen (checked by svc-media), kept in the draft by its id when the draft is saved. */
export function BrandPictures({ settings, set }: { settings: BrandSettings; set: (key: PictureKey, id: string | null) => void }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-lg font-semibold">Pictures</legend>
      {PICTURES.map((picture) => (
        <PictureField key={picture.key} picture={picture} id={settings[picture.key]} onChange={(id) => set(picture.key, id)} />
      ))}
    </fieldset>
  );
}
