import { useId, type ComponentType, type ReactNode } from 'react';
import type { Diagnostic } from '../core/data/diagnostic.ts';
import { hasError, Problems } from './field-problems.tsx';

interface FieldProps<T> {
  label: string;
  value: T;
  onChange(value: T): void;
  problems?: readonly Diagnostic[];
  /** The data path, so tests and screen readers can find the field: products[3].sizes.Small */
  path?: string;
}

/** A number as typed: a number when it reads as one, else the text itself, which the schema then names. */
export function typedValue(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : text;
}

/** A field's frame: its label, its control, and the problems found at its data path. */
function FieldFrame({
  id,
  label,
  problems,
  className = 'field',
  children,
}: {
  id: string;
  label: string;
  problems: readonly Diagnostic[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {children}
      <Problems list={problems} />
    </div>
  );
}

export function shownValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : String(value);
}

export function TextField({ label, value, onChange, problems = [], path, multiline = false }: FieldProps<unknown> & { multiline?: boolean }) {
  const id = useId();
  const Input = multiline ? 'textarea' : 'input';
  return (
    <FieldFrame id={id} label={label} problems={problems}>
      <Input
        id={id}
        data-path={path}
        aria-invalid={hasError(problems) || undefined}
        value={shownValue(value)}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      />
    </FieldFrame>
  );
}

/** A price or a quantity: typed as text, kept as a number when it is one. */
export function NumberField({ label, value, onChange, problems = [], path }: FieldProps<unknown>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} problems={problems} className="field number">
      <input
        id={id}
        data-path={path}
        inputMode="decimal"
        aria-invalid={hasError(problems) || undefined}
        value={shownValue(value)}
        onChange={(event) => onChange(typedValue(event.target.value))}
      />
    </FieldFrame>
  );
}

/** A list of names typed with commas: "Navy, Black, Royal Blue". */
export function ListField({ label, value, onChange, problems = [], path }: FieldProps<unknown>) {
  const id = useId();
  const shown = Array.isArray(value) ? value.join(', ') : shownValue(value);
  return (
    <FieldFrame id={id} label={label} problems={problems}>
      <input
        id={id}
        data-path={path}
        aria-invalid={hasError(problems) || undefined}
        defaultValue={shown}
        key={shown}
        onBlur={(event) => {
          const items = event.target.value
            .split(',')
            .map((item) => item.trim())
            .filter((item) => item !== '');
          onChange(items.length === 0 ? undefined : items);
        }}
      />
    </FieldFrame>
  );
}

/** A nested value the form has no fields for (placement areas, logo placements), edited as JSON. */
export function JsonField({ label, value, onChange, problems = [], path }: FieldProps<unknown>) {
  const id = useId();
  const shown = value === undefined ? '' : JSON.stringify(value);
  return (
    <FieldFrame id={id} label={label} problems={problems}>
      <textarea
        id={id}
        data-path={path}
        defaultValue={shown}
        key={shown}
        onBlur={(event) => {
          const text = event.target.value.trim();
          try {
            onChange(text === '' ? undefined : JSON.parse(text));
            event.target.setCustomValidity('');
          } catch {
            event.target.setCustomValidity('not valid JSON');
            event.target.reportValidity();
          }
        }}
      />
    </FieldFrame>
  );
}

/** An object with one key changed; a key set to undefined is removed. */
export function withField<T extends Record<string, unknown>>(data: T, key: string, value: unknown): T {
  const next: Record<string, unknown> = { ...data };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next as T;
}

/** A record's fields, each bound to its key: its value, its change, its problems and its data path. */
export function boundFields(
  data: Record<string, unknown>,
  onChange: (data: Record<string, unknown>) => void,
  problemsOf: (key: string) => Diagnostic[],
  pathOf: (key: string) => string,
) {
  return (Field: ComponentType<FieldProps<unknown>>, key: string, label: string) => (
    <Field label={label} value={data[key]} onChange={(value) => onChange(withField(data, key, value))} problems={problemsOf(key)} path={pathOf(key)} />
  );
}
