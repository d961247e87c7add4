import pg from "pg";
import { readState } from "./state.ts";

/** Read-only checks against the e2e server's database (events, activities) that the UI does not show. */
export async function query<T extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: readState().databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

export async function adminUserId(): Promise<string> {
  const [row] = await query<{ id: string }>("SELECT id FROM users WHERE email = $1", ["admin@acme.test"]);
  return row!.id;
}

export async function jobIdByTitle(title: string): Promise<number> {
  const [row] = await query<{ id: number }>("SELECT id FROM jobs WHERE title = $1 ORDER BY id LIMIT 1", [title]);
  return row!.id;
}

export async function candidateIdByEmail(email: string): Promise<number> {
  const [row] = await query<{ id: number }>("SELECT id FROM candidates WHERE lower(email) = lower($1) ORDER BY id DESC LIMIT 1", [email]);
  return row!.id;
}
