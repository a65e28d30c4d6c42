/*
 * The shelf this device counts on now: remembered on the device (not in the mirror), so a person walking the
 * aisles keeps it between scans, reloads and counts until they change it.
 */
const SHELF_KEY = 'ostatok.count-shelf';

export function loadShelf(): string {
  try {
    return localStorage.getItem(SHELF_KEY) ?? '';
  } catch {
    return '';
  }
}

export function saveShelf(shelf: string): void {
  try {
    localStorage.setItem(SHELF_KEY, shelf);
  } catch {
    // Storage off (private mode): the shelf lasts while the screen stays open.
  }
}
