import { serverMessage } from '@mealprep/api-client';
import { imageUrl, MAX_IMAGE_BYTES } from '@mealprep/contracts/browser';
import { Button } from '@mealprep/ui';
import { useEffect, useRef, useState } from 'react';
import { uploadLogo } from '../api/owner-services';

export const UPLOAD_FAILED = 'Failed to upload image. Please try again.';

/**
 * The logo picker: checks type and size here (the server checks again, from the bytes), shows the
 * preview at once, and reverts it when the upload fails.
 */
export function LogoUpload({
  mediaId,
  onChange,
  disabled,
  onBusyChange,
}: {
  mediaId: string | null;
  onChange: (mediaId: string | null) => void;
  disabled?: boolean;
  onBusyChange?: (busy: boolean) => void;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  useEffect(() => {
    onBusyChange?.(busy);
  }, [busy, onBusyChange]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (!file.type.startsWith('image/')) return setError('Please select an image file');
    if (file.size > MAX_IMAGE_BYTES) return setError('Image size must be less than 10MB');
    const local = URL.createObjectURL(file);
    setPreview(local);
    setBusy(true);
    try {
      const { mediaId: uploaded } = await uploadLogo(file);
      onChange(uploaded);
      setPreview(null);
    } catch (failure) {
      setPreview(null);
      setError(serverMessage(failure) ?? UPLOAD_FAILED);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const shown = preview ?? (mediaId ? imageUrl(mediaId, 'card') : null);
  return (
    <div className="sm:col-span-2">
      <span className="block text-sm font-medium">Logo Image</span>
      <div className="mt-2 flex items-center gap-4">
        <div className="flex size-24 items-center justify-center overflow-hidden rounded-lg border border-gray-200 bg-gray-50 dark:border-gray-700 dark:bg-gray-800">
          {shown ? <img src={shown} alt="Logo preview" className="size-full object-contain" /> : <span className="text-xs text-gray-600 dark:text-gray-300">No logo</span>}
        </div>
        <div className="flex flex-col gap-2">
          <label className={`inline-flex ${disabled ? 'pointer-events-none opacity-60' : ''}`}>
            <span className="sr-only">Upload a logo</span>
            <input
              ref={input}
              type="file"
              accept="image/*"
              disabled={disabled || busy}
              aria-label="Upload a logo"
              className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-gray-100 file:px-3 file:py-2 file:text-sm file:font-medium dark:file:bg-gray-800 dark:file:text-gray-100"
              onChange={(e) => void choose(e.target.files?.[0])}
            />
          </label>
          {busy && <span className="text-sm text-gray-600 dark:text-gray-400">Uploading…</span>}
          {mediaId && !busy && !disabled && (
            <Button type="button" variant="outline" size="sm" onClick={() => onChange(null)}>
              Remove logo
            </Button>
          )}
        </div>
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
