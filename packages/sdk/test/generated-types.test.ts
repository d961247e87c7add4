import { readFile } from "node:fs/promises";
import { expect, it } from "vitest";
import { GENERATED_TYPES_PATH, generateSdkTypes } from "../../../scripts/generate-sdk-types.ts";

// The SDK's types are generated from the OpenAPI document and committed; a contract change that
// was not regenerated (`npm run sdk:generate`) fails here, and so in CI.
it("packages/sdk/src/generated/openapi.ts is what the current OpenAPI document generates", async () => {
  const committed = await readFile(GENERATED_TYPES_PATH, "utf8");
  const current = await generateSdkTypes();
  expect(committed === current, "the SDK's generated types are stale: run `npm run sdk:generate` and commit the result").toBe(true);
});
