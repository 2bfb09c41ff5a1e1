import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BoxRemoveButton } from './box-remove-button.tsx';
import type { PageSize } from '../../../lib/page-scale.ts';
import { boxAfterKey, moveBox, resizeBox, toPixels, type Box as PointsBox } from '../geometry.ts';

interface Drag {
  mode: 'move' | 'resize';
  pointerId: number;
  startX: number;
  startY: number;
  start: PointsBox;
}

/**
 * One signer's visual signature on a page: dragged to move, dragged by its corner to resize, and
 * with the keyboard (arrow keys move, shift + arrow keys resize). Shown in screen pixels
 * (`scale` px per pt), reported in points (see geometry.ts).
 */
export function SignatureBox({
  box,
  page,
  scale,
  label,
  color,
  onChange,
  onRemove,
}: {
  box: PointsBox;
  page: PageSize;
  /** Screen pixels per PDF point. */
  scale: number;
  label: string;
  color: string;
  onChange: (box: PointsBox) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('request-editor');
  // While a pointer drags, the box follows it here; the form hears of the result when it is let go.
  const [live, setLive] = useState<PointsBox | null>(null);
  const drag = useRef<Drag | null>(null);
  const shown = live ?? box;
  const px = toPixels(shown, scale);

  const begin = (mode: Drag['mode']) => (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0 || scale <= 0) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = {
      mode,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      start: box,
    };
    setLive(box);
  };
  const follow = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = (event.clientX - current.startX) / scale;
    const dy = (event.clientY - current.startY) / scale;
    setLive(
      current.mode === 'move' ? moveBox(current.start, dx, dy, page) : resizeBox(current.start, dx, dy, page),
    );
  };
  const end = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    const dx = (event.clientX - current.startX) / scale;
    const dy = (event.clientY - current.startY) / scale;
    const next =
      current.mode === 'move' ? moveBox(current.start, dx, dy, page) : resizeBox(current.start, dx, dy, page);
    setLive(null);
    if (next.x !== box.x || next.y !== box.y || next.width !== box.width || next.height !== box.height)
      onChange(next);
  };
  const cancel = () => {
    drag.current = null;
    setLive(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onRemove();
      return;
    }
    const next = boxAfterKey(box, event.key, event.shiftKey, page);
    if (!next) return;
    event.preventDefault();
    onChange(next);
  };

  const description = t('box.description', {
    x: Math.round(shown.x),
    y: Math.round(shown.y),
    width: Math.round(shown.width),
    height: Math.round(shown.height),
  });
  return (
    <Box
      role="group"
      aria-roledescription={t('box.role')}
      aria-label={label}
      data-testid="signature-box"
      data-signer={label}
      // Inline: the position changes on every pointer move.
      style={{ left: px.x, top: px.y, width: px.width, height: px.height }}
      sx={{ position: 'absolute', touchAction: 'none' }}
    >
      <Box
        tabIndex={0}
        aria-label={`${label}. ${description}`}
        aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight Shift+ArrowUp Shift+ArrowDown Shift+ArrowLeft Shift+ArrowRight Delete"
        onKeyDown={onKeyDown}
        onPointerDown={begin('move')}
        onPointerMove={follow}
        onPointerUp={end}
        onPointerCancel={cancel}
        data-testid="signature-box-body"
        sx={{
          position: 'absolute',
          inset: 0,
          border: 2,
          borderColor: color,
          bgcolor: `${color}26`,
          borderRadius: 1,
          cursor: live ? 'grabbing' : 'grab',
          overflow: 'hidden',
          p: 0.5,
          userSelect: 'none',
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <Typography
          variant="caption"
          component="span"
          sx={{ display: 'block', fontWeight: 600, color, lineHeight: 1.2, pr: 3, overflowWrap: 'anywhere' }}
        >
          {label}
        </Typography>
      </Box>
      <BoxRemoveButton label={t('box.remove', { name: label })} color={color} onClick={onRemove} />
      <Box
        aria-hidden="true"
        data-testid="signature-box-resize"
        onPointerDown={begin('resize')}
        onPointerMove={follow}
        onPointerUp={end}
        onPointerCancel={cancel}
        sx={{
          position: 'absolute',
          right: -8,
          bottom: -8,
          width: 20,
          height: 20,
          borderRadius: '50%',
          border: 2,
          borderColor: color,
          bgcolor: 'background.paper',
          cursor: 'nwse-resize',
          touchAction: 'none',
        }}
      />
    </Box>
  );
}
