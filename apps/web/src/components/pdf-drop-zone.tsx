import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { dashedPanel } from './page-frame.tsx';

interface PdfDropZoneProps {
  /** The region's accessible name. */
  label: string;
  heading: string;
  /** What may be dropped (size limits); the pick button is described by it. */
  hint: string;
  pickLabel: string;
  icon: ReactNode;
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  /** Below the button (e.g. what happens to the file). */
  children?: ReactNode;
}

/**
 * A dashed panel to drop PDFs on, with a button that opens the file picker for keyboard and
 * screen-reader users (dropping is a mouse gesture only). Used by /upload and /validate.
 */
export function PdfDropZone(props: PdfDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length) props.onFiles([...event.dataTransfer.files]);
  };
  return (
    <Box
      component="section"
      aria-label={props.label}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="drop-zone"
      sx={{
        ...dashedPanel,
        border: 2,
        borderStyle: 'dashed',
        borderColor: dragging ? 'primary.main' : 'divider',
        bgcolor: dragging ? 'action.hover' : 'background.paper',
        transition: 'border-color 120ms, background-color 120ms',
      }}
    >
      <Box aria-hidden="true" sx={{ color: 'primary.main', '& svg': { fontSize: 56 } }}>
        {props.icon}
      </Box>
      <Typography variant="h2" component="h2">
        {props.heading}
      </Typography>
      <Typography id={hintId} color="text.secondary" sx={{ maxWidth: 520 }}>
        {props.hint}
      </Typography>
      <Button
        variant="contained"
        onClick={() => input.current?.click()}
        aria-describedby={hintId}
        disabled={props.disabled}
      >
        {props.pickLabel}
      </Button>
      <input
        ref={input}
        type="file"
        accept="application/pdf,.pdf"
        multiple={props.multiple}
        hidden
        data-testid="file-input"
        aria-label={props.pickLabel}
        onChange={(event) => {
          const picked = event.target.files ? [...event.target.files] : [];
          event.target.value = '';
          if (picked.length) props.onFiles(picked);
        }}
      />
      {props.children}
    </Box>
  );
}
