import { ALLERGEN_FRIENDLY_LABELS, ALLERGEN_FRIENDLY_OPTIONS, formatHour, PLAN_KIND_LABELS, PLAN_KINDS, WEEKDAY_NAMES, WEEKDAYS } from '@mealprep/contracts/browser';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { OfferForm } from '../lib/offer-form';
import { SelectField, TextField } from './form-controls';

const HOURS = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: formatHour(hour) }));

export interface OfferFieldsProps {
  /** The form's register for a field of the offer (the form holds them under `offer.`). */
  register: (name: `offer.${keyof OfferForm}`) => UseFormRegisterReturn;
  errors: Partial<Record<keyof OfferForm, string | undefined>>;
  disabled?: boolean;
  /** Ids are prefixed so two forms on a page could not clash. */
  idPrefix: string;
}

function Choices({
  legend,
  name,
  options,
  disabled,
  register,
  error,
}: {
  legend: string;
  name: 'deliveryDays' | 'allergenFriendly';
  options: ReadonlyArray<[string, string]>;
  disabled?: boolean;
  register: OfferFieldsProps['register'];
  error?: string;
}) {
  return (
    <fieldset className="sm:col-span-2">
      <legend className="block text-sm font-medium">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
        {options.map(([value, label]) => (
          <label key={value} className="inline-flex items-center gap-2 text-sm">
            <input type="checkbox" value={value} className="size-4 accent-emerald-700" disabled={disabled} {...register(`offer.${name}`)} />
            {label}
          </label>
        ))}
      </div>
      {error && <p className="mt-1 text-xs text-red-700 dark:text-red-300">{`${legend} ${error}`}</p>}
    </fieldset>
  );
}

/** The facts of the offer, every one optional: what visitors compare services by. */
export function OfferFields({ register, errors, disabled, idPrefix }: OfferFieldsProps) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <>
      <TextField id={id('price-low')} label="Lowest price per meal ($)" inputMode="decimal" disabled={disabled} error={errors.priceLow} {...register('offer.priceLow')} />
      <TextField id={id('price-high')} label="Highest price per meal ($)" inputMode="decimal" disabled={disabled} error={errors.priceHigh} {...register('offer.priceHigh')} />
      <SelectField
        id={id('plans')}
        label="Plans"
        placeholder="Not said"
        options={PLAN_KINDS.map((plan) => ({ value: plan, label: PLAN_KIND_LABELS[plan] }))}
        disabled={disabled}
        {...register('offer.plans')}
      />
      <SelectField
        id={id('pause')}
        label="Pause, skip or cancel any time"
        placeholder="Not said"
        options={[
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ]}
        disabled={disabled}
        {...register('offer.pauseAnyTime')}
      />
      <Choices legend="Delivery days" name="deliveryDays" options={WEEKDAYS.map((day) => [day, WEEKDAY_NAMES[day]])} disabled={disabled} register={register} error={errors.deliveryDays} />
      <SelectField
        id={id('cutoff-day')}
        label="Order by (day)"
        placeholder="Not said"
        options={WEEKDAYS.map((day) => ({ value: day, label: WEEKDAY_NAMES[day] }))}
        disabled={disabled}
        {...register('offer.cutoffDay')}
      />
      <div>
        <SelectField id={id('cutoff-hour')} label="Order by (hour)" placeholder="Not said" options={HOURS} disabled={disabled} {...register('offer.cutoffHour')} />
        {errors.cutoffHour && <p className="mt-1 text-xs text-red-700 dark:text-red-300">{`Order by ${errors.cutoffHour}`}</p>}
      </div>
      <TextField id={id('minimum-order')} label="Minimum order (meals)" inputMode="numeric" disabled={disabled} error={errors.minimumOrder} {...register('offer.minimumOrder')} />
      <Choices
        legend="Allergen-friendly options"
        name="allergenFriendly"
        options={ALLERGEN_FRIENDLY_OPTIONS.map((allergen) => [allergen, ALLERGEN_FRIENDLY_LABELS[allergen]])}
        disabled={disabled}
        register={register}
        error={errors.allergenFriendly}
      />
      <div className="sm:col-span-2">
        <TextField id={id('menu-url')} label="Menu link" type="url" disabled={disabled} error={errors.menuUrl} {...register('offer.menuUrl')} />
      </div>
    </>
  );
}
