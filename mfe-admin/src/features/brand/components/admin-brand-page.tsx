import { serverMessage } from '@mealprep/api-client';
import type { BrandAdminView, BrandSettings } from '@mealprep/contracts';
import { BRAND_PREVIEW_PARAM, contrastRatio, DARK_BACKGROUND, formatContrast, HEX_COLOUR, LIGHT_BACKGROUND, MIN_TEXT_CONTRAST } from '@mealprep/contracts/browser';
import { useQuery } from '@mealprep/query';
import { AdminTable, Button, ErrorState, formatDayAndTime, Loading, usePageMeta } from '@mealprep/ui';
import { useDialogs } from '@mealprep/ui/dialogs';
import { useId, useState, type ReactNode } from 'react';
import { controlClass } from '../../../lib/admin-actions';
import { adminBrandQuery, usePublishBrand, useSaveBrandDraft } from '../api/admin-brand';
import { BrandPictures } from './brand-pictures';

const COLOURS = [
  { key: 'primary', label: 'Primary colour (light theme)', background: LIGHT_BACKGROUND, theme: 'light' },
  { key: 'accent', label: 'Accent colour (light theme)', background: LIGHT_BACKGROUND, theme: 'light' },
  { key: 'primaryDark', label: 'Primary colour (dark theme)', background: DARK_BACKGROUND, theme: 'dark' },
  { key: 'accentDark', label: 'Accent colour (dark theme)', background: DARK_BACKGROUND, theme: 'dark' },
] as const;

/** The analytics scripts' public ids, one field each. */
const ANALYTICS = [
  { key: 'productAnalyticsKey', label: 'Product analytics key' },
  { key: 'siteAnalyticsId', label: 'Site analytics id' },
  { key: 'marketingScriptId', label: 'Marketing script id' },
] as const;

const STEP_NAMES = { 'draft-saved': 'Draft saved', published: 'Published', republished: 'Published again' } as const;

/** A labelled control with its hint, which describes it (not part of its name). */
function Field({ label, hint, children }: { label: string; hint?: ReactNode; children: (control: { id: string; 'aria-describedby'?: string }) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {children({ id, ...(hint ? { 'aria-describedby': `${id}-hint` } : {}) })}
      {hint ? (
        <span id={`${id}-hint`} className="text-xs text-gray-600 dark:text-gray-400">
          {hint}
        </span>
      ) : null}
    </div>
  );
}

/** What a colour reaches as text on its theme's background, as staff type it. */
function ContrastNote({ value, background, theme }: { value: string; background: string; theme: string }) {
  if (!HEX_COLOUR.test(value)) return <span className="text-red-700 dark:text-red-300">Write it #rrggbb.</span>;
  const ratio = contrastRatio(value, background);
  return ratio >= MIN_TEXT_CONTRAST ? (
    <span>
      {formatContrast(ratio)} as text on the {theme} background
    </span>
  ) : (
    <span className="text-red-700 dark:text-red-300">
      {formatContrast(ratio)} as text on the {theme} background: text needs at least {MIN_TEXT_CONTRAST}:1
    </span>
  );
}

type Outcome = { kind: 'ok' | 'error'; text: string } | null;

/** The editable form of the brand: the draft as it was read, changed field by field; what a save or a publish came to is said by the page (it outlives the form). */
function BrandForm({ view, setOutcome }: { view: BrandAdminView; setOutcome: (outcome: Outcome) => void }) {
  const [settings, setSettings] = useState<BrandSettings>(view.draft.settings);
  const [links, setLinks] = useState(view.draft.settings.socialLinks.join('\n'));
  const save = useSaveBrandDraft();
  const publish = usePublishBrand();
  const { confirm } = useDialogs();
  const busy = save.isPending || publish.isPending;
  const set = <K extends keyof BrandSettings>(key: K, value: BrandSettings[K]) => setSettings((current) => ({ ...current, [key]: value }));
  const text = (key: 'siteName' | 'shortName' | 'tagline' | 'footerText') => ({ value: settings[key], onChange: (e: { target: { value: string } }) => set(key, e.target.value) });
  const withLinks = (): BrandSettings => ({
    ...settings,
    socialLinks: links
      .split('\n')
      .map((link) => link.trim())
      .filter(Boolean),
  });

  const saveDraft = async () => {
    setOutcome(null);
    try {
      await save.mutateAsync({ settings: withLinks(), failure: 'The draft could not be saved' });
      setOutcome({ kind: 'ok', text: 'Draft saved. Visitors see the published brand until you publish it.' });
      return true;
    } catch (error) {
      setOutcome({ kind: 'error', text: serverMessage(error) ?? 'The draft could not be saved' });
      return false;
    }
  };
  // The draft on the real pages, for staff alone (the gateway serves it to admins, never kept): saved first.
  const preview = async () => {
    if (await saveDraft()) window.open(`/?${BRAND_PREVIEW_PARAM}=draft`, '_blank', 'noopener');
  };
  const publishDraft = async () => {
    if (!(await saveDraft())) return;
    if (!(await confirm({ title: 'Publish this brand?', message: 'Every page, the mails and the share tags carry it within a minute.', confirmLabel: 'Publish' }))) return;
    try {
      const answer = await publish.mutateAsync({ from: 'draft', failure: 'The brand could not be published' });
      setOutcome({ kind: 'ok', text: answer.published ? `Published as version ${answer.version}.` : `This brand is published already (version ${answer.version}).` });
    } catch (error) {
      setOutcome({ kind: 'error', text: serverMessage(error) ?? 'The brand could not be published' });
    }
  };

  return (
    <form
      className="space-y-6"
      onSubmit={(e) => {
        e.preventDefault();
        void saveDraft();
      }}
    >
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">Names</legend>
        <Field label="Site name">{(control) => <input {...control} className={controlClass} required maxLength={60} {...text('siteName')} />}</Field>
        <Field label="Short name" hint="In the dashboard and where space is short">
          {(control) => <input {...control} className={controlClass} required maxLength={12} {...text('shortName')} />}
        </Field>
        <Field label="Tagline" hint="After the name in the home page's title">
          {(control) => <input {...control} className={controlClass} maxLength={140} {...text('tagline')} />}
        </Field>
      </fieldset>
      <BrandPictures settings={settings} set={set} />
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">Colours</legend>
        {COLOURS.map((colour) => (
          <Field key={colour.key} label={colour.label} hint={<ContrastNote value={settings.colours[colour.key]} background={colour.background} theme={colour.theme} />}>
            {(control) => (
              <span className="flex items-center gap-2">
                <input
                  type="color"
                  aria-label={`${colour.label} picker`}
                  value={HEX_COLOUR.test(settings.colours[colour.key]) ? settings.colours[colour.key] : '#000000'}
                  onChange={(e) => set('colours', { ...settings.colours, [colour.key]: e.target.value })}
                  className="h-9 w-12 rounded border border-gray-300 dark:border-gray-600"
                />
                <input {...control} className={controlClass} value={settings.colours[colour.key]} onChange={(e) => set('colours', { ...settings.colours, [colour.key]: e.target.value.trim() })} />
              </span>
            )}
          </Field>
        ))}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">Home page and footer</legend>
        <Field label="Hero heading">
          {(control) => (
            <input {...control} className={controlClass} required maxLength={80} value={settings.hero.heading} onChange={(e) => set('hero', { ...settings.hero, heading: e.target.value })} />
          )}
        </Field>
        <Field label="Hero text">
          {(control) => (
            <textarea {...control} className={controlClass} rows={2} maxLength={300} value={settings.hero.text} onChange={(e) => set('hero', { ...settings.hero, text: e.target.value })} />
          )}
        </Field>
        <Field label="Footer text">{(control) => <textarea {...control} className={controlClass} rows={2} maxLength={300} {...text('footerText')} />}</Field>
        <Field label="Social links" hint="One address per line (http or https), eight at most">
          {(control) => <textarea {...control} className={controlClass} rows={3} value={links} onChange={(e) => setLinks(e.target.value)} />}
        </Field>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">Mail and analytics</legend>
        <Field label="Mail sender name">
          {(control) => (
            <input {...control} className={controlClass} required maxLength={60} value={settings.mail.senderName} onChange={(e) => set('mail', { ...settings.mail, senderName: e.target.value })} />
          )}
        </Field>
        <Field label="Reply-to address" hint="Empty: replies go to the sender's address">
          {(control) => <input {...control} type="email" className={controlClass} value={settings.mail.replyTo} onChange={(e) => set('mail', { ...settings.mail, replyTo: e.target.value.trim() })} />}
        </Field>
        {ANALYTICS.map(({ key, label }) => (
          <Field key={key} label={label} hint="Empty: not loaded">
            {(control) => <input {...control} className={controlClass} value={settings.analytics[key]} onChange={(e) => set('analytics', { ...settings.analytics, [key]: e.target.value.trim() })} />}
          </Field>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="outline" disabled={busy}>
          Save draft
        </Button>
        <Button type="button" variant="outline" disabled={busy} onClick={() => void preview()}>
          Preview
        </Button>
        <Button type="button" disabled={busy} onClick={() => void publishDraft()}>
          Publish
        </Button>
      </div>
    </form>
  );
}

/** The published versions, newest first: any but the current one may be published again (a roll back). */
function BrandVersions({ view }: { view: BrandAdminView }) {
  const publish = usePublishBrand();
  const { confirm, notify } = useDialogs();
  const again = async (version: number) => {
    if (!(await confirm({ title: `Publish version ${version} again?`, message: 'It becomes the brand every page and mail carries, as a new version.', confirmLabel: 'Publish again' }))) return;
    const answer = await publish.mutateAsync({ from: version, failure: 'The version could not be published again' }).catch(() => null);
    if (answer) notify(`Version ${version} is the brand again, as version ${answer.version}.`, 'success');
  };
  return (
    <AdminTable columns={['Version', 'Published by', 'When', 'Actions']}>
      {view.versions.map((version) => (
        <tr key={version.version} className="border-b border-gray-100 dark:border-gray-800">
          <td className="py-2 pr-4">
            {version.version}
            {version.from !== null ? <span className="text-xs text-gray-600 dark:text-gray-400"> (version {version.from} again)</span> : null}
            {version.version === view.current.version ? <span className="ml-2 text-xs font-semibold">Current</span> : null}
          </td>
          <td className="py-2 pr-4">{version.publishedBy}</td>
          <td className="py-2 pr-4">{formatDayAndTime(version.publishedAt)}</td>
          <td className="py-2">
            {version.version === view.current.version ? null : (
              <Button size="sm" variant="outline" disabled={publish.isPending} onClick={() => void again(version.version)}>
                Publish again
              </Button>
            )}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** /dashboard/brand: the operator's site name, pictures, colours, texts, mail sender and analytics ids; draft, publish, roll back. */
export function AdminBrandPage() {
  usePageMeta({ title: 'Brand', noindex: true });
  const brand = useQuery(adminBrandQuery);
  const [outcome, setOutcome] = useState<Outcome>(null);
  return (
    <section className="space-y-8">
      <h1 className="text-3xl font-bold tracking-tight">Brand</h1>
      {brand.isPending ? (
        <Loading />
      ) : brand.isError ? (
        <ErrorState onRetry={() => void brand.refetch()} />
      ) : (
        <>
          <p className="text-sm text-gray-700 dark:text-gray-300">
            Published: version {brand.data.current.version}, “{brand.data.current.settings.siteName}”.{' '}
            {brand.data.draft.savedBy ? `Draft saved by ${brand.data.draft.savedBy} on ${formatDayAndTime(brand.data.draft.savedAt)}.` : 'No draft saved since.'}
          </p>
          {/* A brand published (here or by other staff) is the form's new start. */}
          <BrandForm key={brand.data.current.version} view={brand.data} setOutcome={setOutcome} />
          {outcome ? (
            <p role={outcome.kind === 'error' ? 'alert' : 'status'} className={outcome.kind === 'error' ? 'text-sm text-red-700 dark:text-red-300' : 'text-sm text-emerald-800 dark:text-emerald-300'}>
              {outcome.text}
            </p>
          ) : null}
          <section aria-labelledby="brand-versions" className="space-y-3">
            <h2 id="brand-versions" className="text-xl font-semibold">
              Published versions
            </h2>
            <BrandVersions view={brand.data} />
          </section>
          <section aria-labelledby="brand-trail" className="space-y-3">
            <h2 id="brand-trail" className="text-xl font-semibold">
              Trail
            </h2>
            <ol className="space-y-1 text-sm">
              {brand.data.trail.map((step) => (
                <li key={`${step.at}:${step.step}:${step.version ?? ''}`}>
                  {formatDayAndTime(step.at)}: {STEP_NAMES[step.step]}
                  {step.version !== null ? ` as version ${step.version}` : ''}
                  {step.from !== null ? ` (from version ${step.from})` : ''} by {step.by}
                </li>
              ))}
            </ol>
          </section>
        </>
      )}
    </section>
  );
}
