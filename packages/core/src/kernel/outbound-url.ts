import { lookup as dnsLookup } from "node:dns";
import { lookup } from "node:dns/promises";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { envFlag } from "@hireflow/config";
import { AppError } from "./errors.ts";

/**
 * Webhook URLs are fetched by our servers, so they must not reach our own network (SSRF): https
 * only, and no loopback, private, link-local (cloud metadata) or other special-purpose address.
 * Checked when an endpoint is registered and again on every delivery, where the check runs inside
 * the connection's own DNS lookup so a name that re-resolves to a private address (DNS rebinding)
 * is refused at connect time.
 */
export function allowPrivateWebhookUrls(): boolean {
  const env = process.env.NODE_ENV;
  // Local receivers (http://localhost) are the point of development and tests; never a default elsewhere.
  return envFlag("WEBHOOKS_ALLOW_PRIVATE_URLS", env === "development" || env === "test");
}

const blocked = new BlockList();
const IPV4_BLOCKED: [string, number][] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT (also Alibaba's metadata address)
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local: AWS/GCP/Azure metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved and broadcast
];
const IPV6_BLOCKED: [string, number][] = [
  ["::", 96], // unspecified, loopback and IPv4-compatible
  ["64:ff9b::", 96], // NAT64: could embed a private IPv4 address
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001:db8::", 32],
  ["2002::", 16], // 6to4: could embed a private IPv4 address
  ["fc00::", 7], // unique local (AWS's fd00:ec2::254 metadata)
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
];
for (const [net, prefix] of IPV4_BLOCKED) blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of IPV6_BLOCKED) blocked.addSubnet(net, prefix, "ipv6");

/** True for an address a webhook must never reach (IPv4-mapped IPv6 addresses are checked as IPv4). */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 6 ? "ipv6" : "ipv4");
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

const invalid = (message: string) => AppError.validation([{ field: "url", message }]);

/** Throws a validation error (field `url`) unless the URL may receive webhooks. */
export async function assertWebhookUrlAllowed(raw: string): Promise<void> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid("Must be a valid URL");
  }
  if (url.username || url.password) throw invalid("Must not contain credentials");
  if (url.protocol !== "https:" && url.protocol !== "http:") throw invalid("Must be an https URL");
  if (allowPrivateWebhookUrls()) return;
  if (url.protocol !== "https:") throw invalid("Must be an https URL");
  const host = hostOf(url);
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    throw invalid("The host name does not resolve");
  }
  if (addresses.length === 0 || addresses.some(isBlockedAddress)) {
    throw invalid("Must not point to a loopback, private, link-local or metadata address");
  }
}

export class BlockedAddressError extends Error {
  override name = "BlockedAddressError";
  readonly code = "EBLOCKEDADDRESS";
}

/**
 * A `lookup` for http(s).request: resolves like the default one and fails the connection when any
 * resolved address is blocked, so what was checked is exactly what is connected to.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    const list = addresses as unknown as { address: string; family: number }[];
    const bad = list.find((a) => isBlockedAddress(a.address));
    if (bad || list.length === 0) {
      return callback(new BlockedAddressError(`${hostname} resolves to a blocked address (${bad?.address ?? "none"})`), "", 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};
