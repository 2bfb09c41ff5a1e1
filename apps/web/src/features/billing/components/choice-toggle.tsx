import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';

/** One of a few choices as a row of toggle buttons (the billing cycle, the payment method). */
export function ChoiceToggle<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (next: T) => void;
}) {
  return (
    <ToggleButtonGroup
      exclusive
      color="primary"
      size="small"
      value={value}
      aria-label={label}
      onChange={(_, next: T | null) => next && onChange(next)}
      sx={{
        alignSelf: 'flex-start',
        bgcolor: 'background.paper',
        // MUI's unselected grey is too faint on the page background.
        '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.secondary' },
      }}
    >
      {options.map((option) => (
        <ToggleButton key={option.value} value={option.value}>
          {option.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
