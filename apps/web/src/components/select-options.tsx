import MenuItem from '@mui/material/MenuItem';

/** A select field's options: one item a value, shown as `label` names it. */
export function selectOptions<T extends string>(values: readonly T[], label: (value: T) => string) {
  return values.map((value) => (
    <MenuItem key={value} value={value}>
      {label(value)}
    </MenuItem>
  ));
}
