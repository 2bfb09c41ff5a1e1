import { forwardRef, useId, type FocusEventHandler, type ReactNode, type Ref } from 'react';
import FormControl, { type FormControlProps } from '@mui/material/FormControl';
import FormHelperText, { type FormHelperTextProps } from '@mui/material/FormHelperText';
import InputLabel, { type InputLabelProps } from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';

type InputElement = HTMLInputElement | HTMLTextAreaElement;

export interface TextInputProps extends Omit<
  FormControlProps,
  'children' | 'onChange' | 'onBlur' | 'onFocus' | 'variant' | 'ref' | 'defaultValue'
> {
  label?: ReactNode;
  /** Under the field; tied to the input with aria-describedby. */
  helperText?: ReactNode;
  autoComplete?: string;
  autoFocus?: boolean;
  defaultValue?: unknown;
  inputRef?: Ref<InputElement>;
  name?: string;
  placeholder?: string;
  type?: string;
  value?: unknown;
  multiline?: boolean;
  rows?: number | string;
  minRows?: number | string;
  maxRows?: number | string;
  onChange?: OutlinedInputProps['onChange'];
  onBlur?: FocusEventHandler<InputElement>;
  onFocus?: FocusEventHandler<InputElement>;
  slotProps?: {
    input?: Partial<OutlinedInputProps>;
    htmlInput?: OutlinedInputProps['inputProps'];
    inputLabel?: Partial<InputLabelProps>;
    formHelperText?: Partial<FormHelperTextProps>;
  };
}

/**
 * The app's one text field: MUI's outlined TextField as its parts (form control, label, outlined
 * input, helper text). TextField itself imports Select, and with it Menu, Popover and Modal, into
 * every page that shows a text field; the first page (/login) has no select. A select is MUI's
 * Select (or TextField with `select`) where a page needs one.
 */
export const TextInput = forwardRef<HTMLDivElement, TextInputProps>(function TextInput(
  {
    label,
    helperText,
    id: idOverride,
    autoComplete,
    autoFocus,
    defaultValue,
    inputRef,
    name,
    placeholder,
    type,
    value,
    multiline,
    rows,
    minRows,
    maxRows,
    onChange,
    onBlur,
    onFocus,
    slotProps,
    fullWidth = true,
    ...control
  },
  ref,
) {
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const hasLabel = label != null && label !== '';
  return (
    <FormControl ref={ref} fullWidth={fullWidth} {...control}>
      {hasLabel && (
        <InputLabel htmlFor={id} id={`${id}-label`} {...slotProps?.inputLabel}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        aria-describedby={helperTextId}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        defaultValue={defaultValue}
        fullWidth={fullWidth}
        multiline={multiline}
        name={name}
        rows={rows}
        minRows={minRows}
        maxRows={maxRows}
        type={type}
        value={value}
        id={id}
        inputRef={inputRef}
        onBlur={onBlur}
        onChange={onChange}
        onFocus={onFocus}
        placeholder={placeholder}
        inputProps={slotProps?.htmlInput}
        // The outline's gap for the label, as TextField makes it.
        label={hasLabel ? label : undefined}
        notched={slotProps?.inputLabel?.shrink}
        {...slotProps?.input}
      />
      {helperText && (
        <FormHelperText id={helperTextId} {...slotProps?.formHelperText}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
});
