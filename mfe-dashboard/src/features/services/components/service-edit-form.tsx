import { serverMessage } from '@mealprep/api-client';
import { ServiceUpdateSchema, type EditableService, type ServiceStatus, type ServiceUpdate } from '@mealprep/contracts';
import { NAME_CHANGE_CONFIRM, OWNER_LOCKED_STATUSES, SERVICE_STATUSES, SUBMIT_FOR_APPROVAL_CONFIRM } from '@mealprep/contracts/browser';
import { Button, StatusBadge } from '@mealprep/ui';
import { useDialogs } from '@mealprep/ui/dialogs';
import { contractResolver } from '@mealprep/ui/forms';
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useEditorCall, type EditorCall } from '../api/owner-services';
import { changesOf, editFieldOf, formOf, type EditForm } from '../lib/edit-form';
import { DeliveryRadiusField, Section, TextArea, TextField } from './form-controls';
import { LogoUpload } from './logo-upload';
import { OfferFields } from './offer-fields';
import { ServiceInfoPanel } from './service-info-panel';

const FAILURES: Record<EditorCall['kind'], string> = {
  save: 'Failed to update service',
  submit: 'Failed to submit service for approval',
  status: 'Failed to update status',
};
const DELIVERY: ReadonlyArray<[keyof EditForm & ('localDelivery' | 'pickup' | 'shipsDomestically' | 'shipsInternationally'), string]> = [
  ['localDelivery', 'Local Delivery'],
  ['pickup', 'Pickup Available'],
  ['shipsDomestically', 'Ships Domestically'],
  ['shipsInternationally', 'Ships Internationally'],
];

/**
 * The editor of one listing, started from it once: later refetches (live updates) refresh the
 * badge and the panel without wiping what the user is typing. Only what changed is sent, checked
 * first with services.update's own contract.
 */
export function ServiceEditForm({ service, isAdmin }: { service: EditableService; isAdmin: boolean }) {
  const current = useRef(service);
  current.current = service;
  const resolver = useMemo(() => contractResolver({ schema: ServiceUpdateSchema, toPayload: (form: EditForm) => changesOf(form, current.current), fieldOf: editFieldOf }), []);
  const { register, handleSubmit, reset, watch, setValue, formState } = useForm<EditForm, unknown, ServiceUpdate | null>({ defaultValues: formOf(service), resolver });
  const errors = formState.errors;
  const call = useEditorCall(service.id);
  const busy = call.isPending ? call.variables.kind : null;
  const [uploading, setUploading] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const { confirm } = useDialogs();
  const locked = !isAdmin && (OWNER_LOCKED_STATUSES as readonly string[]).includes(service.status);

  const run = (request: EditorCall, done: string) => {
    setNotice(null);
    call.mutate(request, {
      onSuccess: (updated) => {
        reset(formOf(updated));
        setNotice({ kind: 'ok', text: done });
      },
      onError: (failure) => setNotice({ kind: 'error', text: serverMessage(failure) ?? FAILURES[request.kind] }),
    });
  };

  const onSave = handleSubmit(async (changes) => {
    if (busy || locked) return;
    if (!changes) return setNotice({ kind: 'ok', text: 'Nothing to save.' });
    if (!isAdmin && (changes.name !== undefined || changes.slug !== undefined) && !(await confirm({ title: NAME_CHANGE_CONFIRM, confirmLabel: 'Save' }))) return;
    run({ kind: 'save', changes }, 'Service updated successfully');
  });
  const onSubmitForApproval = async () => {
    if (busy || !(await confirm({ title: SUBMIT_FOR_APPROVAL_CONFIRM, confirmLabel: 'Submit' }))) return;
    run({ kind: 'submit' }, 'Service submitted for approval successfully');
  };
  const onChangeStatus = (status: ServiceStatus) => {
    if (busy || status === service.status) return;
    run({ kind: 'status', status }, `Status updated to ${status}`);
  };

  const problem = errors.root?.contract?.message;
  const shown = notice ?? (problem ? { kind: 'error' as const, text: problem } : null);
  return (
    <form className="max-w-3xl space-y-6" onSubmit={(event) => void onSave(event)} noValidate>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Edit Service</h1>
        <StatusBadge status={service.status} />
      </div>
      {locked && (
        <p role="note" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
          This service is {service.status}. Only admins can edit it.
        </p>
      )}
      {shown && (
        <p
          role={shown.kind === 'error' ? 'alert' : 'status'}
          className={`rounded-md px-3 py-2 text-sm ${shown.kind === 'error' ? 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200' : 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200'}`}
        >
          {shown.text}
        </p>
      )}

      <Section title="Basic Information">
        <TextField id="service-name" label="Service Name" disabled={locked} error={errors.name?.message} {...register('name')} />
        <TextField id="service-slug" label="Slug" hint="URL-friendly identifier" disabled={locked} error={errors.slug?.message} {...register('slug')} />
        <div className="sm:col-span-2">
          <TextField id="service-tagline" label="Tagline" disabled={locked} error={errors.tagline?.message} {...register('tagline')} />
        </div>
        <div className="sm:col-span-2">
          <TextArea id="service-description" label="Description" rows={6} disabled={locked} error={errors.description?.message} {...register('description')} />
        </div>
      </Section>

      <Section title="Contact Information">
        <TextField id="service-website" label="Website" type="url" disabled={locked} error={errors.website?.message} {...register('website')} />
        <TextField id="service-phone" label="Phone" type="tel" disabled={locked} error={errors.phone?.message} {...register('phone')} />
        <TextField id="service-email" label="Email" type="email" disabled={locked} error={errors.email?.message} {...register('email')} />
        <label className="inline-flex items-start gap-2 text-sm sm:col-span-2">
          <input type="checkbox" className="mt-0.5 size-4 accent-emerald-700" disabled={locked} {...register('showEmail')} />
          <span>
            Show this e-mail address to visitors. It is never printed on your page for address harvesters: a visitor clicks to see it. Visitors can always reach you with the quote request form, which
            keeps your address private.
          </span>
        </label>
      </Section>

      <Section title="Delivery Methods">
        {DELIVERY.map(([key, label]) => (
          <label key={key} className="inline-flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-emerald-700" disabled={locked} {...register(key)} />
            {label}
          </label>
        ))}
        <DeliveryRadiusField id="service-delivery-radius" disabled={locked} error={errors.deliveryRadiusMiles?.message} {...register('deliveryRadiusMiles')} />
        <TextField
          id="service-postal-code"
          label="ZIP code"
          inputMode="numeric"
          autoComplete="postal-code"
          hint="Where your kitchen is; its city and state follow."
          disabled={locked}
          error={errors.postalCode?.message}
          {...register('postalCode')}
        />
      </Section>

      <Section title="The Offer">
        <OfferFields
          idPrefix="service-offer"
          register={(name) => register(name)}
          disabled={locked}
          errors={Object.fromEntries(Object.entries(errors.offer ?? {}).map(([field, error]) => [field, (error as { message?: string } | undefined)?.message]))}
        />
      </Section>

      <Section title="Logo Image">
        <LogoUpload mediaId={watch('logoImageId')} disabled={locked} onChange={(id) => setValue('logoImageId', id, { shouldDirty: true })} onBusyChange={setUploading} />
      </Section>

      <div className="flex flex-wrap items-center gap-3">
        {!locked && (
          <Button type="submit" disabled={busy !== null || uploading}>
            {busy === 'save' ? 'Saving...' : 'Save Changes'}
          </Button>
        )}
        {service.status === 'draft' && !locked && (
          <Button type="button" variant="secondary" disabled={busy !== null} onClick={() => void onSubmitForApproval()}>
            {busy === 'submit' ? 'Submitting...' : 'Submit for Approval'}
          </Button>
        )}
        {isAdmin && (
          <label className="inline-flex items-center gap-2 text-sm">
            Change Status
            <select
              className="rounded-md border border-gray-300 bg-white px-2 py-1.5 dark:border-gray-600 dark:bg-gray-900"
              value={service.status}
              disabled={busy !== null}
              onChange={(e) => onChangeStatus(e.target.value as ServiceStatus)}
            >
              {SERVICE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </select>
          </label>
        )}
        <a href={`/service/${service.slug}`} target="_blank" rel="noopener noreferrer" className="text-sm font-medium text-emerald-700 underline dark:text-emerald-400">
          View Public Page
        </a>
      </div>

      <ServiceInfoPanel service={service} isAdmin={isAdmin} />
    </form>
  );
}
