import { searchField } from '../lib/search-params.ts';
import { memberFilter } from './members.css.ts';
import { SelectField } from './text-field.tsx';

/*
 * Who made a row (issue 24): a list's «Кто» and its «Сотрудник» filter. The names come from the feature's data
 * function (src/sync/member-names.ts keeps them on the device); these only show them.
 */

/** A row that names no one: made before teams, or by the server itself from marketplace orders and loads. */
export const NO_AUTHOR = '—';

/** The heading of a list's «Кто» column. */
export const AUTHOR_COLUMN = 'Кто';

/** The name of the member who made the row; «—» when it names no one or someone this device has no name for. */
export function authorName(names: ReadonlyMap<string, string> | undefined, id: string | null | undefined): string {
  return (id && names?.get(id)) || NO_AUTHOR;
}

/** The member filter's value: '' is «Все». */
export type MemberChoice = string;

/** The filter in a list's address (`member`): a member's id; anything else is left out («Все»). */
export const memberParam = searchField<string | undefined, MemberChoice | undefined>((v) =>
  typeof v === 'string' && /^[\w-]{1,64}$/.test(v) ? v : undefined,
);

/**
 * «Сотрудник»: «Все» or one member. A member chosen before who is no longer listed (they left) stays a
 * choice under their name, so the address keeps meaning what it did.
 */
export function MemberFilter({
  members,
  names,
  value,
  onChange,
}: {
  members: readonly { id: string; name: string }[];
  names?: ReadonlyMap<string, string>;
  value: MemberChoice;
  onChange(value: MemberChoice): void;
}) {
  const listed = members.some((m) => m.id === value);
  const options = [
    { value: '', label: 'Все' },
    ...members.map((m) => ({ value: m.id, label: m.name })),
    ...(value && !listed ? [{ value, label: authorName(names, value) }] : []),
  ];
  return (
    <div className={memberFilter}>
      <SelectField
        label="Сотрудник"
        name="member"
        value={value}
        options={options}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** The rows the filter leaves: all for «Все», otherwise those the member made. */
export function byAuthor<T extends { created_by?: string | null }>(rows: readonly T[], member: MemberChoice): T[] {
  return member ? rows.filter((r) => r.created_by === member) : [...rows];
}
