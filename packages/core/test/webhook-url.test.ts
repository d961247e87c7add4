import { afterEach, describe, expect, it } from "vitest";
import { AppError } from "../src/kernel/errors.ts";
import { allowPrivateWebhookUrls, assertWebhookUrlAllowed, isBlockedAddress } from "../src/kernel/outbound-url.ts";

// NODE_ENV is typed read-only; the rule reads it at call time, so tests set it like any variable.
const env = process.env as Record<string, string | undefined>;
const saved = { flag: env.WEBHOOKS_ALLOW_PRIVATE_URLS, nodeEnv: env.NODE_ENV };
afterEach(() => {
  env.WEBHOOKS_ALLOW_PRIVATE_URLS = saved.flag;
  env.NODE_ENV = saved.nodeEnv;
});

async function refusal(url: string): Promise<string | null> {
  try {
    await assertWebhookUrlAllowed(url);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).details![0]!.message;
  }
}

describe("webhook URL rule", () => {
  it("blocks loopback, private, link-local, metadata and other special addresses", () => {
    const blocked = ["127.0.0.1", "127.8.8.8", "10.0.0.1", "172.16.0.1", "172.31.255.255", "192.168.0.1", "169.254.169.254", "100.100.100.200", "0.0.0.0", "224.0.0.1", "255.255.255.255", "::1", "::", "fe80::1", "fd00:ec2::254", "fc00::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "64:ff9b::a00:1", "ff02::1", "not-an-ip"];
    for (const address of blocked) expect(isBlockedAddress(address), address).toBe(true);
    for (const address of ["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) expect(isBlockedAddress(address), address).toBe(false);
  });

  it("allows private URLs by default only in development and test", () => {
    delete process.env.WEBHOOKS_ALLOW_PRIVATE_URLS;
    env.NODE_ENV = "production";
    expect(allowPrivateWebhookUrls()).toBe(false);
    env.NODE_ENV = "development";
    expect(allowPrivateWebhookUrls()).toBe(true);
    process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = "false";
    expect(allowPrivateWebhookUrls()).toBe(false);
    env.NODE_ENV = "production";
    process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = "true";
    expect(allowPrivateWebhookUrls()).toBe(true);
  });

  it("when private URLs are refused: https only, and the name must resolve to public addresses", async () => {
    process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = "false";
    expect(await refusal("http://93.184.216.34/hook")).toBe("Must be an https URL");
    expect(await refusal("https://127.0.0.1/hook")).toMatch(/loopback, private/);
    expect(await refusal("https://localhost/hook")).toMatch(/loopback, private/);
    expect(await refusal("https://[::ffff:169.254.169.254]/")).toMatch(/loopback, private/);
    expect(await refusal("https://nothing-here.invalid/")).toBe("The host name does not resolve");
    expect(await refusal("https://a:b@93.184.216.34/")).toBe("Must not contain credentials");
    expect(await refusal("https://93.184.216.34/hook")).toBeNull();
  });

  it("when private URLs are allowed (development, tests): http and local receivers too", async () => {
    process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = "true";
    expect(await refusal("http://127.0.0.1:4000/hook")).toBeNull();
    expect(await refusal("http://localhost:4000/hook")).toBeNull();
    expect(await refusal("ftp://127.0.0.1/")).toBe("Must be an https URL");
  });
});
