import { load, type serverCaller } from "./caller.ts";

/**
 * The zone a member set in My availability, or null when they never set it (the page then shows times
 * in the device's zone, not the company's default the availability would report).
 */
export async function memberTimeZone(caller: Awaited<ReturnType<typeof serverCaller>>, userId: string): Promise<string | null> {
  const { data } = await load(caller.availability.get({ id: userId }));
  return data.is_default ? null : data.time_zone;
}
