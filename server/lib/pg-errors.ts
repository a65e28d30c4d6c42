export interface PgError {
  code: string;
  constraint?: string;
  detail?: string;
}

/** Drizzle wraps driver errors; PGlite and node-postgres both carry the SQLSTATE in `code`. */
export function pgErrorOf(err: unknown): PgError | undefined {
  for (let e = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as PgError;
  }
  return undefined;
}

export const isUniqueViolation = (err: unknown, constraint?: string) => {
  const pg = pgErrorOf(err);
  return pg?.code === '23505' && (!constraint || pg.constraint === constraint);
};
