import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Select, type SelectOption } from './select';

interface FormSelectProps<T extends FieldValues, TOutput extends FieldValues> {
  control: Control<T, unknown, TOutput>;
  name: FieldPath<T>;
  label: string;
  options: readonly SelectOption[];
  placeholder?: string;
  /** Runs after the field took the new value (to reset a field that depends on it). */
  onChanged?: (value: string) => void;
}

/** A Select bound to a react-hook-form field, showing the field's validation message. */
export function FormSelect<T extends FieldValues, TOutput extends FieldValues = T>({
  control,
  name,
  label,
  options,
  placeholder,
  onChanged,
}: FormSelectProps<T, TOutput>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          name={field.name}
          options={options}
          value={field.value as string | undefined}
          placeholder={placeholder}
          onValueChange={(value) => {
            field.onChange(value);
            onChanged?.(value);
          }}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
