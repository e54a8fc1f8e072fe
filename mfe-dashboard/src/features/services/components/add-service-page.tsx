import { serverMessage, sessionQuery } from '@mealprep/api-client';
import { ServiceInsertSchema, type ServiceInsertInput } from '@mealprep/contracts';
import { HOW_DID_YOU_FIND_US_OPTIONS, ORDERS_PER_WEEK_OPTIONS, YEARS_IN_BUSINESS_OPTIONS } from '@mealprep/contracts/browser';
import { Button, usePageMeta } from '@mealprep/ui';
import { contractResolver } from '@mealprep/ui/forms';
import { useQuery } from '@mealprep/query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from '@mealprep/router';
import { useCreateListing } from '../api/owner-services';
import { mealTypesQuery, statesQuery } from '../api/reference-data';
import { buildListing, EMPTY_OWNER_FORM, missingRequired, ownerFieldOf, type OwnerForm } from '../lib/build-listing';
import { DeliveryRadiusField, SelectField, Section, TextArea, TextField, YesNo } from './form-controls';
import { LogoUpload } from './logo-upload';
import { OfferFields } from './offer-fields';

export const CREATE_FAILED = 'Failed to create service listing';
export const REQUIRED_TOOLTIP = 'Fill all required fields to submit';

/** /dashboard/add-service: the owner submission form. The listing is made as a draft, then sent for approval. */
export function AddServicePage() {
  usePageMeta({ title: 'Submit your service', noindex: true });
  const { register, handleSubmit, watch, setValue, getValues, formState } = useForm<OwnerForm, unknown, ServiceInsertInput | null>({
    defaultValues: EMPTY_OWNER_FORM,
    // The body is checked with services.insert's own contract before it is sent.
    resolver: contractResolver({ schema: ServiceInsertSchema, toPayload: buildListing, fieldOf: ownerFieldOf }),
  });
  const form = watch();
  const errors = formState.errors;
  const [uploading, setUploading] = useState(false);
  const create = useCreateListing();
  const mealTypes = useQuery(mealTypesQuery);
  const states = useQuery(statesQuery);
  // The signed-in address fills the email until the owner types one of their own.
  const signedInEmail = useQuery(sessionQuery).data?.email;
  useEffect(() => {
    if (signedInEmail && !getValues('email')) setValue('email', signedInEmail);
  }, [signedInEmail, getValues, setValue]);
  const navigate = useNavigate();

  const set = <K extends keyof OwnerForm>(key: K, value: OwnerForm[K]) => setValue(key, value as never, { shouldValidate: formState.isSubmitted });
  const submitting = create.isPending || create.isSuccess;
  const blocked = submitting || uploading || mealTypes.isPending || missingRequired(form);
  const error = create.isError ? (serverMessage(create.error) ?? CREATE_FAILED) : (errors.root?.contract?.message ?? null);

  const onSubmit = handleSubmit((listing) => {
    if (blocked || !listing) return;
    create.mutate(listing, { onSuccess: (created) => void navigate(`/dashboard/services/${created.id}/edit`) });
  });

  const toggleMealType = (slug: string, checked: boolean) => set('selectedMealTypes', checked ? [...form.selectedMealTypes, slug] : form.selectedMealTypes.filter((s) => s !== slug));
  const problem = (field: keyof OwnerForm) => errors[field]?.message;

  return (
    <form className="max-w-3xl space-y-6" onSubmit={(event) => void onSubmit(event)} noValidate>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Submit your service</h1>
        <p className="mt-2 text-gray-700 dark:text-gray-300">Tell us about your meal prep service. We review every listing, usually within 1 business day.</p>
      </div>

      <Section title="About you">
        <TextField id="owner-name" label="Your name" required autoComplete="name" error={problem('name')} {...register('name')} />
        <TextField id="owner-email" label="Email" type="email" required autoComplete="email" error={problem('email')} {...register('email')} />
      </Section>

      <Section title="Your business">
        <TextField id="business-name" label="Business name" required error={problem('businessName')} {...register('businessName')} />
        <TextField id="tagline" label="Tagline" maxLength={160} error={problem('tagline')} {...register('tagline')} />
        <div className="sm:col-span-2">
          <TextArea id="description" label="Description" rows={6} maxLength={5000} error={problem('description')} {...register('description')} />
        </div>
        <SelectField id="years-in-business" label="Years in business" options={YEARS_IN_BUSINESS_OPTIONS} {...register('yearsInBusiness')} />
        {form.yearsInBusiness === 'Other' && (
          <TextField id="years-in-business-other" label="How long have you been in business?" error={problem('yearsInBusinessOther')} {...register('yearsInBusinessOther')} />
        )}
        <SelectField id="orders-per-week" label="Orders per week" options={ORDERS_PER_WEEK_OPTIONS} {...register('ordersPerWeek')} />
        <LogoUpload mediaId={form.logoMediaId} onChange={(id) => set('logoMediaId', id)} onBusyChange={setUploading} />
      </Section>

      <Section title="Online">
        <div className="sm:col-span-2">
          <YesNo name="has-website" legend="Do you have a website?" value={form.hasWebsite} onChange={(v) => set('hasWebsite', v)} />
        </div>
        {form.hasWebsite === 'YES' && <TextField id="website" label="Website" type="url" placeholder="https://" error={problem('website')} {...register('website')} />}
        {form.hasWebsite === 'NO' && (
          <>
            <TextField id="instagram" label="Instagram handle" placeholder="@yourbusiness" error={problem('instagramHandle')} {...register('instagramHandle')} />
            <TextField id="facebook" label="Facebook page" placeholder="facebook.com/yourbusiness" error={problem('facebookUrl')} {...register('facebookUrl')} />
          </>
        )}
        <TextField id="phone" label="Phone" type="tel" autoComplete="tel" error={problem('phone')} {...register('phone')} />
      </Section>

      <Section title="Location">
        <TextField id="street" label="Street" autoComplete="address-line1" error={problem('street')} {...register('street')} />
        <TextField id="city" label="City" autoComplete="address-level2" error={problem('city')} {...register('city')} />
        <SelectField id="state" label="State" options={(states.data ?? []).map((s) => s.name)} {...register('state')} />
        <SelectField id="country" label="Country" options={[{ value: 'US', label: 'United States' }]} placeholder="United States" value={form.country} onChange={() => set('country', 'US')} />
        <TextField id="postal-code" label="ZIP code" autoComplete="postal-code" error={problem('postalCode')} {...register('postalCode')} />
      </Section>

      <Section title="What you offer">
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium">Meal types</legend>
          {mealTypes.isPending ? (
            <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">Loading meal types…</p>
          ) : (
            <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
              {(mealTypes.data ?? []).map((type) => (
                <label key={type.slug} className="inline-flex items-center gap-2 text-sm">
                  <input type="checkbox" className="size-4 accent-emerald-700" checked={form.selectedMealTypes.includes(type.slug)} onChange={(e) => toggleMealType(type.slug, e.target.checked)} />
                  {type.name}
                </label>
              ))}
            </div>
          )}
        </fieldset>
        <YesNo name="recurring-meal-plans" legend="Do you offer recurring meal plans?" value={form.recurringMealPlans} onChange={(v) => set('recurringMealPlans', v)} />
        <YesNo name="home-delivery" legend="Do you deliver to homes?" value={form.homeDelivery} onChange={(v) => set('homeDelivery', v)} />
        {form.homeDelivery === 'YES' && <DeliveryRadiusField id="delivery-radius" error={problem('deliveryRadiusMiles')} {...register('deliveryRadiusMiles')} />}
        <YesNo name="shipping" legend="Do you ship nationwide?" value={form.shipping} onChange={(v) => set('shipping', v)} />
        <YesNo name="online-payment" legend="Do you take payment online?" value={form.onlinePayment} onChange={(v) => set('onlinePayment', v)} />
      </Section>

      <Section title="Prices and plans">
        <p className="text-sm text-gray-700 sm:col-span-2 dark:text-gray-300">Optional: visitors compare services by these. You can add or change them later.</p>
        <OfferFields
          idPrefix="offer"
          register={(name) => register(name)}
          errors={Object.fromEntries(Object.entries(errors.offer ?? {}).map(([field, error]) => [field, (error as { message?: string } | undefined)?.message]))}
        />
      </Section>

      <Section title="One last thing">
        <SelectField id="how-did-you-find-us" label="How did you find us?" options={HOW_DID_YOU_FIND_US_OPTIONS} {...register('howDidYouFindUs')} />
        {form.howDidYouFindUs === 'Other' && (
          <TextField id="how-did-you-find-us-other" label="Where did you hear of us?" error={problem('howDidYouFindUsOther')} {...register('howDidYouFindUsOther')} />
        )}
        <label className="inline-flex items-start gap-2 text-sm sm:col-span-2">
          <input type="checkbox" className="mt-0.5 size-4 accent-emerald-700" aria-required="true" {...register('termsAccepted')} />
          <span>
            I accept the{' '}
            <Link to="/terms-of-service" className="font-medium text-emerald-700 underline dark:text-emerald-400">
              Terms of Service
            </Link>
            <span className="ml-0.5 text-red-600 dark:text-red-400" aria-hidden="true">
              *
            </span>
          </span>
        </label>
      </Section>

      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {error}
        </p>
      )}
      <div className="flex items-center gap-3">
        {/* A disabled button gets no pointer events: the wrapper carries the tooltip. */}
        <span title={blocked && !submitting ? REQUIRED_TOOLTIP : undefined}>
          <Button type="submit" size="lg" disabled={blocked}>
            {submitting ? 'Submitting…' : 'Submit your service'}
          </Button>
        </span>
      </div>
    </form>
  );
}
