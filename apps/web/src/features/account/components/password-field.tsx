import { forwardRef, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useTranslation } from 'react-i18next';
import { TextInput, type TextInputProps } from '../../../components/text-input.tsx';

/** A password input with a show/hide button. */
export const PasswordField = forwardRef<HTMLDivElement, TextInputProps>(function PasswordField(props, ref) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextInput
      {...props}
      ref={ref}
      type={shown ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                onClick={() => setShown((value) => !value)}
                edge="end"
                aria-label={shown ? t('common.hide_password') : t('common.show_password')}
              >
                {shown ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
});
