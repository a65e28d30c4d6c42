// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { BlurNumberField, NumberField, NumberInput } from './number-field.tsx';

afterEach(cleanup);

/** A form holding the number its field hands over, shown beside it as the parent sees it. */
function Form({ initial, integer }: { initial: number | null; integer?: boolean }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <NumberField label="Цена, ₽" integer={integer} value={value} onValue={setValue} />
      <output data-testid="parent">{value === null ? 'пусто' : String(value)}</output>
      <button type="button" onClick={() => setValue(100)}>
        Сбросить
      </button>
    </>
  );
}

const field = () => screen.getByLabelText(/^Цена/) as HTMLInputElement;
const parent = () => screen.getByTestId('parent').textContent;
const type = (text: string) => fireEvent.change(field(), { target: { value: text } });

describe('NumberField: a decimal comma in any browser language', () => {
  it('is a text field with the decimal keyboard, showing the value with a comma; counts get the digits keyboard', () => {
    render(<Form initial={1200.5} />);
    expect(field()).toMatchObject({ type: 'text', inputMode: 'decimal', value: '1200,5' });
    cleanup();
    render(<Form initial={3} integer />);
    expect(field()).toMatchObject({ type: 'text', inputMode: 'numeric', value: '3' });
  });

  it('hands the parent a number for «1200,5», «1200.5» and «1 200,5», keeping the text as typed', () => {
    render(<Form initial={0} />);
    for (const typed of ['1200,5', '1200.5', '1 200,5', '1\u00a0200,5']) {
      type(typed);
      expect(parent()).toBe('1200.5');
      expect(field().value).toBe(typed);
    }
    type('');
    expect(parent()).toBe('пусто');
  });

  it('leaving a number shows it as the app writes numbers', () => {
    render(<Form initial={0} />);
    type('1 200.50');
    fireEvent.blur(field());
    expect(field().value).toBe('1200,5');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('junk: the parent gets no number (NaN), and on leaving the field says in Russian what to type', () => {
    render(<Form initial={5} />);
    type('12р');
    expect(parent()).toBe('NaN');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(field());
    expect(screen.getByRole('alert').textContent).toBe('Введите число: цифры, например 1200,5');
    expect(field().value).toBe('12р');
    expect(field().getAttribute('aria-invalid')).toBe('true');
    type('12');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(parent()).toBe('12');
  });

  it('a value set from outside (a form reset) replaces what was typed', () => {
    render(<Form initial={5} />);
    type('7,25');
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить' }));
    expect(field().value).toBe('100');
  });
});

describe('NumberInput: a draft kept as text (document lines)', () => {
  it('shows text that is no number as it was kept, and a kept number with a comma', () => {
    render(<NumberInput aria-label="Цена" value={NaN} text="12р" onValue={() => undefined} />);
    expect(field().value).toBe('12р');
    cleanup();
    render(<NumberInput aria-label="Цена" value={0.5} onValue={() => undefined} />);
    expect(field().value).toBe('0,5');
  });
});

describe('BlurNumberField: saves a number on blur', () => {
  function Cell({ saved }: { saved: number[] }) {
    const [value, setValue] = useState(10);
    return (
      <BlurNumberField
        label="Цена, строка 1"
        value={value}
        onSave={(n) => {
          saved.push(n);
          if (n > 1000) return { ok: false, error: 'Цена: не больше 1000 ₽' };
          setValue(n);
          return { ok: true };
        }}
      />
    );
  }

  it('«1 200,5»-style text is saved as a number; the same number again is not saved', async () => {
    const saved: number[] = [];
    render(<Cell saved={saved} />);
    expect(field().value).toBe('10');
    type('12,5');
    fireEvent.blur(field());
    expect(saved).toEqual([12.5]);
    expect(field().value).toBe('12,5');
    type('12.50');
    fireEvent.blur(field());
    expect(saved).toEqual([12.5]);
  });

  it('junk or empty is not saved: the Russian message shows and the value reverts; a refusal too', async () => {
    const saved: number[] = [];
    render(<Cell saved={saved} />);
    type('abc');
    fireEvent.blur(field());
    expect((await screen.findByRole('alert')).textContent).toBe('Введите число: цифры, например 1200,5');
    expect(field().value).toBe('10');
    type('');
    fireEvent.blur(field());
    expect((await screen.findByRole('alert')).textContent).toBe('Введите число, например 1200,5');
    expect(saved).toEqual([]);
    type('1 500');
    fireEvent.blur(field());
    expect((await screen.findByRole('alert')).textContent).toBe('Цена: не больше 1000 ₽');
    expect(saved).toEqual([1500]);
    expect(field().value).toBe('10');
  });
});
