import { MAX_DELIVERY_RADIUS_MILES } from '@mealprep/contracts/browser';
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

export const inputClass =
  'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm placeholder:text-gray-500 ' +
  'focus:border-emerald-600 focus:outline-2 focus:outline-emerald-600 disabled:cursor-not-allowed disabled:bg-gray-100 ' +
  'dark:border-gray-600 dark:bg-gray-900 dark:text-white dark:placeholder:text-gray-400 dark:disabled:bg-gray-800';

function Label({ htmlFor, children, required }: { htmlFor: string; children: ReactNode; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium">
      {children}
      {required && (
        <span className="ml-0.5 text-red-600 dark:text-red-400" aria-hidden="true">
          *
        </span>
      )}
    </label>
  );
}

/** The contract's word on a field, under it, read with it by screen readers. */
function FieldProblem({ id, label, error }: { id: string; label: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="mt-1 text-xs text-red-700 dark:text-red-300">
      {label} {error}
    </p>
  );
}

const describedBy = (id: string, hint?: string, error?: string) => [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

export function TextField({ id, label, required, hint, error, ...input }: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; hint?: string; error?: string }) {
  return (
    <div>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <input id={id} aria-required={required || undefined} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} className={`mt-1 ${inputClass}`} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600 dark:text-gray-400">
          {hint}
        </p>
      )}
      <FieldProblem id={id} label={label} error={error} />
    </div>
  );
}

export function TextArea({ id, label, error, ...input }: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; label: string; error?: string }) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, undefined, error)} className={`mt-1 ${inputClass}`} {...input} />
      <FieldProblem id={id} label={label} error={error} />
    </div>
  );
}

export function SelectField({
  id,
  label,
  options,
  placeholder = 'Select…',
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { id: string; label: string; options: ReadonlyArray<string | { value: string; label: string }>; placeholder?: string }) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={`mt-1 ${inputClass}`} {...select}>
        <option value="">{placeholder}</option>
        {options.map((option) => {
          const { value, label: text } = typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
    </div>
  );
}

/** A YES/NO question as two radio buttons. */
export function YesNo({ name, legend, value, onChange }: { name: string; legend: string; value: '' | 'YES' | 'NO'; onChange: (value: 'YES' | 'NO') => void }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="mt-1 flex gap-4">
        {(['YES', 'NO'] as const).map((option) => (
          <label key={option} className="inline-flex items-center gap-2 text-sm">
            <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} className="size-4 accent-emerald-700" />
            {option === 'YES' ? 'Yes' : 'No'}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900">
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

/** How far local delivery reaches, in whole miles: the same field on the add and edit forms. */
export function DeliveryRadiusField(props: InputHTMLAttributes<HTMLInputElement> & { id: string; error?: string }) {
  return (
    <TextField
      label="Delivery radius (miles)"
      type="number"
      inputMode="numeric"
      min={1}
      max={MAX_DELIVERY_RADIUS_MILES}
      hint="How far from your kitchen you deliver; near-me searches use it."
      {...props}
    />
  );
}
