// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DateField, dateProblem, maskDate, shownToIso } from './date-field.tsx';

afterEach(cleanup);

describe('ДД.ММ.ГГГГ whatever the browser language (SPEC §9)', () => {
  it('puts the dots in as digits are typed, and turns a pasted ГГГГ-ММ-ДД round', () => {
    expect(['2', '24', '241', '2411', '24112', '24112026', '24.11.2026', '24112026999'].map(maskDate)).toEqual([
      '2',
      '24',
      '24.1',
      '24.11',
      '24.11.2',
      '24.11.2026',
      '24.11.2026',
      '24.11.2026',
    ]);
    expect(maskDate('2026-11-24')).toBe('24.11.2026');
  });

  it('reads only real calendar days', () => {
    expect(shownToIso('24.11.2026')).toBe('2026-11-24');
    expect(shownToIso('29.02.2024')).toBe('2024-02-29');
    expect(shownToIso('29.02.2025')).toBeUndefined();
    expect(shownToIso('31.04.2025')).toBeUndefined();
    expect(shownToIso('24.11.26')).toBeUndefined();
  });

  it('says in Russian what is wrong: the format, the range 1900–2099, a missing required date', () => {
    const bounds = { min: '1900-01-01', max: '2099-12-31' };
    expect(dateProblem('24.11.2026', bounds)).toBeUndefined();
    expect(dateProblem('', bounds)).toBeUndefined();
    expect(dateProblem('', { ...bounds, required: true })).toBe('Укажите дату');
    expect(dateProblem('31.02.2026', bounds)).toBe('Введите дату в виде ДД.ММ.ГГГГ, например 24.11.2026');
    expect(dateProblem('31.12.1899', bounds)).toBe('Дата должна быть с 01.01.1900 по 31.12.2099');
    expect(dateProblem('01.01.2100', bounds)).toBe('Дата должна быть с 01.01.1900 по 31.12.2099');
  });

  it('takes and gives YYYY-MM-DD; a date out of range or half typed gives no date and a message', () => {
    const seen: string[] = [];
    function Form() {
      const [value, setValue] = useState('2025-03-01');
      return (
        <>
          <DateField label="Дата поступления" value={value} onChange={(v) => (seen.push(v), setValue(v))} />
          <button type="button" onClick={() => setValue('2025-01-15')}>
            Сбросить
          </button>
        </>
      );
    }
    render(<Form />);
    const field = screen.getByLabelText('Дата поступления') as HTMLInputElement;
    expect(field).toMatchObject({ value: '01.03.2025', type: 'text', inputMode: 'numeric', placeholder: 'ДД.ММ.ГГГГ' });
    fireEvent.change(field, { target: { value: '24112026' } });
    expect(field.value).toBe('24.11.2026');
    expect(seen).toEqual(['2026-11-24']);
    fireEvent.change(field, { target: { value: '24.11.20' } });
    expect(seen).toEqual(['2026-11-24', '']);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(field);
    expect(screen.getByRole('alert').textContent).toBe('Введите дату в виде ДД.ММ.ГГГГ, например 24.11.2026');
    fireEvent.change(field, { target: { value: '01.01.2100' } });
    expect(screen.getByRole('alert').textContent).toBe('Дата должна быть с 01.01.1900 по 31.12.2099');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(seen.at(-1)).toBe('');
    // A value set from outside replaces what was typed.
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить' }));
    expect(field.value).toBe('15.01.2025');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
