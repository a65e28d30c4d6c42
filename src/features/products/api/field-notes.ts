import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { dismissReplacedField, replacedFieldsOf, replacerName } from '../../../sync/field-changes.ts';
import { loadMemberNames, refreshMemberNames } from '../../../sync/member-names.ts';

/** A field of the product this device set and someone else's later edit replaced: who, and when (ISO). */
export interface FieldNote {
  who: string;
  at: string;
}

/**
 * Live: the product's fields a colleague's later edit replaced (src/sync/field-changes.ts), by field, naming them
 * as the team list does. A name the device does not know yet (a new colleague) is asked for once per showing.
 */
export function useProductFieldNotes(productId: string): ReadonlyMap<string, FieldNote> {
  const found = useLiveQuery(async () => {
    const [replaced, { names }] = await Promise.all([replacedFieldsOf('products_wh', productId), loadMemberNames()]);
    return { replaced, names };
  }, [productId]);
  const unknown = found?.replaced.some((r) => r.by !== null && !found.names.has(r.by)) ?? false;
  useEffect(() => {
    if (unknown) void refreshMemberNames();
  }, [unknown]);
  return new Map((found?.replaced ?? []).map((r) => [r.field, { who: replacerName(found!.names, r.by), at: r.at }]));
}

/** The person closed the note. */
export const dismissProductFieldNote = (productId: string, field: string) =>
  dismissReplacedField('products_wh', productId, field);
