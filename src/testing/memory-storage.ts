/**
 * localStorage for tests in the node environment. Tests that start the real server cannot use
 * jsdom: its environment replaces Uint8Array and friends with another realm's, and the server's
 * JWT library then rejects its own keys. The client code only needs getItem/setItem/removeItem.
 */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

export function installMemoryStorage(): Storage {
  if (typeof globalThis.localStorage === 'undefined') {
    Object.defineProperty(globalThis, 'localStorage', {
      value: new MemoryStorage(),
      configurable: true,
      writable: true,
    });
  }
  return globalThis.localStorage;
}
