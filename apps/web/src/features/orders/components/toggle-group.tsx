import styles from './order-form.module.css';

interface ToggleOption<V extends string> {
  value: V;
  label: string;
  tone?: 'up' | 'down';
}

interface ToggleGroupProps<V extends string> {
  label: string;
  value: V;
  options: readonly ToggleOption<V>[];
  onChange: (value: V) => void;
}

/** Two or more mutually exclusive buttons (Buy/Sell, Limit/Market), each saying if it is pressed. */
export function ToggleGroup<V extends string>({
  label,
  value,
  options,
  onChange,
}: ToggleGroupProps<V>) {
  return (
    <div className={styles.toggles} role="group" aria-label={label}>
      {options.map((option) => {
        const pressed = option.value === value;
        const tone = pressed && option.tone ? styles[option.tone] : '';
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={pressed}
            className={`${styles.toggle} ${pressed ? styles.pressed : ''} ${tone ?? ''}`}
            onClick={() => onChange(option.value)}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
