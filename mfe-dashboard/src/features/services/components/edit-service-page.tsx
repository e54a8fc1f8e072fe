import { isAdminQuery, MY_SERVICES_QUERY_KEY, serverMessage } from '@mealprep/api-client';
import type { EditableService, ServiceStatus, ServiceUpdate } from '@mealprep/contracts';
import { EDIT_NOT_FOUND_MESSAGE, NAME_CHANGE_CONFIRM, OWNER_LOCKED_STATUSES, SERVICE_STATUSES, SUBMIT_FOR_APPROVAL_CONFIRM } from '@mealprep/contracts/browser';
import { Button, formatDayAndTime, Loading, StatusBadge, usePageMeta } from '@mealprep/ui';
import { useQuery, useQueryClient } from '@mealprep/query';
import { useDialogs } from '@mealprep/ui/dialogs';
import { useEffect, useState, type FormEvent } from 'react';
import { useParams } from '@mealprep/router';
import { editServiceQuery, setServiceStatus, submitForApproval, updateService } from '../api/owner-services';
import { Section, TextArea, TextField } from './form-controls';
import { LogoUpload } from './logo-upload';

interface EditForm {
  name: string;
  slug: string;
  tagline: string;
  description: string;
  website: string;
  phone: string;
  email: string;
  localDelivery: boolean;
  pickup: boolean;
  shipsDomestically: boolean;
  shipsInternationally: boolean;
  logoImageId: string | null;
}

function formOf(service: EditableService): EditForm {
  return {
    name: service.name,
    slug: service.slug,
    tagline: service.tagline,
    description: service.description,
    website: service.contact.website,
    phone: service.contact.phone,
    email: service.contact.email,
    ...service.deliveryMethods,
    logoImageId: service.media.logoImageId,
  };
}

/** Only what changed is sent. */
function changesOf(form: EditForm, service: EditableService): ServiceUpdate {
  const changes: ServiceUpdate = {};
  if (form.name.trim() !== service.name) changes.name = form.name.trim();
  if (form.slug.trim() !== service.slug) changes.slug = form.slug.trim();
  if (form.tagline.trim() !== service.tagline) changes.tagline = form.tagline.trim();
  if (form.description.trim() !== service.description) changes.description = form.description.trim();
  const contact = { email: form.email.trim(), phone: form.phone.trim(), website: form.website.trim() };
  if (contact.email !== service.contact.email || contact.phone !== service.contact.phone || contact.website !== service.contact.website) changes.contact = contact;
  const delivery = { localDelivery: form.localDelivery, pickup: form.pickup, shipsDomestically: form.shipsDomestically, shipsInternationally: form.shipsInternationally };
  if (Object.entries(delivery).some(([key, value]) => service.deliveryMethods[key as keyof typeof delivery] !== value)) changes.deliveryMethods = delivery;
  if (form.logoImageId !== service.media.logoImageId) changes.media = { logoImageId: form.logoImageId };
  return changes;
}

const messageOf = (failure: unknown, fallback: string) => serverMessage(failure) ?? fallback;


/** /dashboard/services/{serviceId}/edit: the owner's (or an admin's) editor of one listing. */
export function EditServicePage() {
  const { serviceId = '' } = useParams();
  // A fresh editor per listing: nothing typed for one is carried to another.
  return <ServiceEditor key={serviceId} serviceId={serviceId} />;
}

function ServiceEditor({ serviceId }: { serviceId: string }) {
  usePageMeta({ title: 'Edit Service', noindex: true });
  const query = useQuery({ ...editServiceQuery(serviceId), retry: false });
  const admin = useQuery(isAdminQuery);
  const queryClient = useQueryClient();
  const service = query.data;
  const [form, setForm] = useState<EditForm | null>(null);
  const [busy, setBusy] = useState<'saving' | 'submitting' | 'status' | null>(null);
  const { confirm } = useDialogs();
  const [uploading, setUploading] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  // The form starts from the listing once; later refetches (live updates) refresh the badge and
  // panel without wiping what the user is typing.
  useEffect(() => {
    if (service && !form) setForm(formOf(service));
  }, [service, form]);

  if (query.isPending || admin.isPending) return <Loading />;
  if (query.isError || !service || !form) {
    return (
      <p role="alert" className="text-gray-800 dark:text-gray-200">
        {EDIT_NOT_FOUND_MESSAGE}
      </p>
    );
  }

  const isAdmin = admin.data === true;
  const locked = !isAdmin && (OWNER_LOCKED_STATUSES as readonly string[]).includes(service.status);
  const set = <K extends keyof EditForm>(key: K, value: EditForm[K]) => setForm((current) => (current ? { ...current, [key]: value } : current));

  const applied = (updated: EditableService, text: string) => {
    queryClient.setQueryData(editServiceQuery(service.id).queryKey, updated);
    void queryClient.invalidateQueries({ queryKey: MY_SERVICES_QUERY_KEY });
    setForm(formOf(updated));
    setNotice({ kind: 'ok', text });
  };

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || locked) return;
    const changes = changesOf(form, service);
    if (Object.keys(changes).length === 0) return setNotice({ kind: 'ok', text: 'Nothing to save.' });
    if (!isAdmin && (changes.name !== undefined || changes.slug !== undefined) && !(await confirm({ title: NAME_CHANGE_CONFIRM, confirmLabel: 'Save' }))) return;
    setBusy('saving');
    setNotice(null);
    try {
      applied(await updateService(service.id, changes), 'Service updated successfully');
    } catch (failure) {
      setNotice({ kind: 'error', text: messageOf(failure, 'Failed to update service') });
    } finally {
      setBusy(null);
    }
  };

  const onSubmitForApproval = async () => {
    if (busy || !(await confirm({ title: SUBMIT_FOR_APPROVAL_CONFIRM, confirmLabel: 'Submit' }))) return;
    setBusy('submitting');
    setNotice(null);
    try {
      applied(await submitForApproval(service.id), 'Service submitted for approval successfully');
    } catch (failure) {
      setNotice({ kind: 'error', text: messageOf(failure, 'Failed to submit service for approval') });
    } finally {
      setBusy(null);
    }
  };

  const onChangeStatus = async (status: ServiceStatus) => {
    if (busy || status === service.status) return;
    setBusy('status');
    setNotice(null);
    try {
      applied(await setServiceStatus(service.id, status), `Status updated to ${status}`);
    } catch (failure) {
      setNotice({ kind: 'error', text: messageOf(failure, 'Failed to update status') });
    } finally {
      setBusy(null);
    }
  };

  const check = (key: 'localDelivery' | 'pickup' | 'shipsDomestically' | 'shipsInternationally', label: string) => (
    <label className="inline-flex items-center gap-2 text-sm">
      <input type="checkbox" className="size-4 accent-emerald-700" disabled={locked} checked={form[key]} onChange={(e) => set(key, e.target.checked)} />
      {label}
    </label>
  );

  return (
    <form className="max-w-3xl space-y-6" onSubmit={onSave} noValidate>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Edit Service</h1>
        <StatusBadge status={service.status} />
      </div>
      {locked && (
        <p role="note" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
          This service is {service.status}. Only admins can edit it.
        </p>
      )}
      {notice && (
        <p role={notice.kind === 'error' ? 'alert' : 'status'} className={`rounded-md px-3 py-2 text-sm ${notice.kind === 'error' ? 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200' : 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200'}`}>
          {notice.text}
        </p>
      )}

      <Section title="Basic Information">
        <TextField id="service-name" label="Service Name" disabled={locked} value={form.name} onChange={(e) => set('name', e.target.value)} />
        <TextField id="service-slug" label="Slug" hint="URL-friendly identifier" disabled={locked} value={form.slug} onChange={(e) => set('slug', e.target.value)} />
        <div className="sm:col-span-2">
          <TextField id="service-tagline" label="Tagline" disabled={locked} value={form.tagline} onChange={(e) => set('tagline', e.target.value)} />
        </div>
        <div className="sm:col-span-2">
          <TextArea id="service-description" label="Description" rows={6} disabled={locked} value={form.description} onChange={(e) => set('description', e.target.value)} />
        </div>
      </Section>

      <Section title="Contact Information">
        <TextField id="service-website" label="Website" type="url" disabled={locked} value={form.website} onChange={(e) => set('website', e.target.value)} />
        <TextField id="service-phone" label="Phone" type="tel" disabled={locked} value={form.phone} onChange={(e) => set('phone', e.target.value)} />
        <TextField id="service-email" label="Email" type="email" disabled={locked} value={form.email} onChange={(e) => set('email', e.target.value)} />
      </Section>

      <Section title="Delivery Methods">
        {check('localDelivery', 'Local Delivery')}
        {check('pickup', 'Pickup Available')}
        {check('shipsDomestically', 'Ships Domestically')}
        {check('shipsInternationally', 'Ships Internationally')}
      </Section>

      <Section title="Logo Image">
        <LogoUpload mediaId={form.logoImageId} disabled={locked} onChange={(id) => set('logoImageId', id)} onBusyChange={setUploading} />
      </Section>

      <div className="flex flex-wrap items-center gap-3">
        {!locked && (
          <Button type="submit" disabled={busy !== null || uploading}>
            {busy === 'saving' ? 'Saving...' : 'Save Changes'}
          </Button>
        )}
        {service.status === 'draft' && !locked && (
          <Button type="button" variant="secondary" disabled={busy !== null} onClick={() => void onSubmitForApproval()}>
            {busy === 'submitting' ? 'Submitting...' : 'Submit for Approval'}
          </Button>
        )}
        {isAdmin && (
          <label className="inline-flex items-center gap-2 text-sm">
            Change Status
            <select
              className="rounded-md border border-gray-300 bg-white px-2 py-1.5 dark:border-gray-600 dark:bg-gray-900"
              value={service.status}
              disabled={busy !== null}
              onChange={(e) => void onChangeStatus(e.target.value as ServiceStatus)}
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

      <section className="rounded-xl border border-gray-200 bg-gray-50 p-5 text-sm dark:border-gray-800 dark:bg-gray-900">
        <h2 className="text-lg font-semibold">Service Information</h2>
        <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
          <dt className="font-medium">Service ID</dt>
          <dd className="break-all">{service.id}</dd>
          <dt className="font-medium">Owner ID</dt>
          <dd className="break-all">{service.ownerUserId ?? '—'}</dd>
          <dt className="font-medium">Created</dt>
          <dd>{formatDayAndTime(service.createdAt)}</dd>
          <dt className="font-medium">Last Updated</dt>
          <dd>{formatDayAndTime(service.updatedAt)}</dd>
          <dt className="font-medium">Published</dt>
          <dd>{formatDayAndTime(service.publishedAt)}</dd>
        </dl>
        {service.statusHistory.length > 0 && (
          <>
            <h3 className="mt-4 font-semibold">Status history</h3>
            <ol className="mt-2 space-y-1" aria-label="Status history">
              {[...service.statusHistory].reverse().map((change, i) => (
                <li key={`${change.at}-${i}`}>
                  {formatDayAndTime(change.at)}: {change.from ? `${change.from} → ${change.to}` : change.to}
                  {change.byEmail ? ` by ${change.byEmail}` : change.byAdmin ? ' by an admin' : ''}
                  {change.reason ? ` (${change.reason})` : ''}
                </li>
              ))}
            </ol>
          </>
        )}
        {isAdmin && service.possibleDuplicateOf.length > 0 && (
          <>
            <h3 className="mt-4 font-semibold">Possible duplicate of</h3>
            <ul className="mt-2 space-y-1">
              {service.possibleDuplicateOf.map((d) => (
                <li key={d.id}>
                  <a href={`/dashboard/services/${d.id}/edit`} className="underline">
                    {d.name}
                  </a>{' '}
                  ({d.reason})
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </form>
  );
}
