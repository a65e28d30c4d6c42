import { useDeferredValue, useState } from 'react';
import { TextField } from './text-field.tsx';

export interface SearchText {
  /** What the field shows: follows each keystroke. */
  query: string;
  /** What the list filters on: typing stays responsive, React may render the keystroke before the filtered list. */
  deferred: string;
  change(text: string): void;
}

/** A list's search text; `onSearch` hears each change (to put it in the address, back to page 1). */
export function useSearchText(initial: string, onSearch: (text: string) => void): SearchText {
  const [query, setQuery] = useState(initial);
  const deferred = useDeferredValue(query);
  return {
    query,
    deferred,
    change(text) {
      setQuery(text);
      onSearch(text);
    },
  };
}

export function SearchField({
  text,
  label = 'Поиск',
  name,
  placeholder,
}: {
  text: SearchText;
  label?: string;
  name?: string;
  placeholder: string;
}) {
  return (
    <TextField
      label={label}
      type="search"
      name={name}
      placeholder={placeholder}
      value={text.query}
      onChange={(e) => text.change(e.target.value)}
    />
  );
}

/** A list screen's address query, which the route hands down. */
export interface ListScreenProps<S> {
  search: S;
  /** Writes the query into the address (replacing the entry), so back/forward and reload keep it. */
  onSearchChange(patch: Partial<S>): void;
}
