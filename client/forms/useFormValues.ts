import { useState, type ChangeEvent } from 'react';

/** The values of a form's text fields, with `bind(field)` giving an input its value and change handler. */
export function useFormValues<V extends Record<string, string>>(initial: V) {
  const [values, setValues] = useState(initial);
  const bind = (field: keyof V & string) => ({
    name: field,
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValues((v) => ({ ...v, [field]: e.target.value })),
  });
  return { values, bind, setValues };
}
