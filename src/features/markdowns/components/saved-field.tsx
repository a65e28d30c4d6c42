import { BlurField, type BlurFieldProps } from '../../../ui/blur-field.tsx';
import { input, textInput } from './markdowns.css.ts';

/** /markdown's cell: money with kopecks, or a description of up to 5000 characters. */
export function SavedField({ type = 'number', ...rest }: Omit<BlurFieldProps, 'type'> & { type?: 'number' | 'text' }) {
  return type === 'number' ? (
    <BlurField type="number" min={0} step="0.01" className={input} {...rest} />
  ) : (
    <BlurField type="text" maxLength={5000} className={textInput} {...rest} />
  );
}
