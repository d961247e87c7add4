import { z } from "zod";
import { privacySettingsSchema } from "../../contracts/privacy.ts";
import { getPrivacySettings } from "../../services/privacy.ts";
import { adminProcedure } from "../../trpc.ts";

export const getPrivacySettingsProcedure = adminProcedure
  .input(z.strictObject({}).optional())
  .output(privacySettingsSchema)
  .query(({ ctx }) => getPrivacySettings(ctx.svc));
