import { BlurField, type BlurFieldProps } from '../../../ui/blur-field.tsx';
import { BlurNumberField, type BlurNumberFieldProps } from '../../../ui/number-field.tsx';
import { input, textInput } from './markdowns.css.ts';

/** /markdown's text cell: a description of up to 5000 characters. */
export function SavedField(props: BlurFieldProps) {
  return <BlurField maxLength={5000} className={textInput} {...props} />;
}

/** /markdown's money cell: roubles with kopecks, a decimal comma. */
export function SavedPrice(props: BlurNumberFieldProps) {
  return <BlurNumberField className={input} {...props} />;
}
