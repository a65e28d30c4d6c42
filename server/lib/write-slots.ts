import { Problem } from './problem.ts';

interface UserSlots {
  active: number;
  waiting: Array<() => void>;
}

const tooManyWrites = () =>
  new Problem(429, 'too_many_writes', 'Слишком много одновременных изменений: повторите через секунду', undefined, {
    'retry-after': '1',
  });

/**
 * A bounded share of the database per user: each write transaction (or whole push) holds one of
 * the user's few slots, so one user's burst cannot take every pooled connection and starve the
 * others. Past the bound a write waits briefly for a slot, then is refused (429 unless told otherwise).
 */
export class WriteSlots {
  private readonly users = new Map<string, UserSlots>();

  constructor(
    private readonly perUser: number,
    private readonly waitMs: number,
    private readonly refusal: () => Error = tooManyWrites,
  ) {}

  /** Resolves with the function that gives the slot back; call it exactly once. */
  async acquire(userId: string): Promise<() => void> {
    let slots = this.users.get(userId);
    if (!slots) this.users.set(userId, (slots = { active: 0, waiting: [] }));
    if (slots.active < this.perUser) {
      slots.active++;
      return this.releaser(userId, slots);
    }
    const granted = await new Promise<boolean>((resolve) => {
      const waiter = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        slots.waiting.splice(slots.waiting.indexOf(waiter), 1);
        resolve(false);
      }, this.waitMs);
      slots.waiting.push(waiter);
    });
    if (!granted) throw this.refusal();
    return this.releaser(userId, slots);
  }

  private releaser(userId: string, slots: UserSlots): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The slot passes straight to the next waiter, so a newcomer cannot overtake it.
      const next = slots.waiting.shift();
      if (next) return next();
      slots.active--;
      if (slots.active === 0) this.users.delete(userId);
    };
  }
}
