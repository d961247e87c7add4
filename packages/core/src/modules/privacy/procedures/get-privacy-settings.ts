import { z } from "zod";
import { privacySettingsSchema } from "../contract/privacy.ts";
import { getPrivacySettings } from "../retention.ts";
import { adminProcedure } from "../../../kernel/trpc.ts";

export const getPrivacySettingsProcedure = adminProcedure
  .input(z.strictObject({}).optional())
  .output(privacySettingsSchema)
  .query(({ ctx }) => getPrivacySettings(ctx.svc));
