import type { Response } from 'light-my-request';
import { expect } from 'vitest';

/** An inject() answer, with json() loose enough for tests to read any field. */
export interface Res {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  json(): any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** The answer is problem+json with this status and code, and a Russian message fit for a user. */
export function expectProblem(
  res: Pick<Response, 'statusCode' | 'headers' | 'body' | 'json'>,
  status: number,
  code: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = res.json() as {
    detail: string;
    type: string;
    title: string;
    errors?: Array<{ field: string; message: string }>;
  };
  expect(body).toMatchObject({ type: expect.any(String), title: expect.any(String), status, code });
  expect(body.detail).toMatch(/[А-Яа-яЁё]/);
  return body;
}
