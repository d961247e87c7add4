import { notFound } from "next/navigation";

/** A route's numeric id segment, or the 404 page ("0x10", "1e3", "-1" and overflows are not ids). */
export async function idFromParams(params: Promise<{ id: string }>): Promise<number> {
  const { id } = await params;
  if (!/^[1-9][0-9]{0,9}$/.test(id) || Number(id) > 2_147_483_647) notFound();
  return Number(id);
}
