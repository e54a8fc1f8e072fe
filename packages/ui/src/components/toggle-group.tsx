export interface ToggleGroupProps<T extends string | number> {
  /** What the choice is about, for assistive technology ("Period"). */
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  /** Each option's text. */
  optionLabel: (option: T) => string;
}

/** A row of buttons of which exactly one is pressed (a period, a view): each says whether it is the chosen one. */
export function ToggleGroup<T extends string | number>({ label, options, value, onChange, optionLabel }: ToggleGroupProps<T>) {
  return (
    <div role="group" aria-label={label} className="flex gap-1">
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className={`rounded-md border px-3 py-1 text-sm ${value === option ? 'border-emerald-700 bg-emerald-700 text-white dark:border-emerald-400 dark:bg-emerald-400 dark:text-gray-950' : 'border-gray-300 dark:border-gray-600'}`}
        >
          {optionLabel(option)}
        </button>
      ))}
    </div>
  );
}
