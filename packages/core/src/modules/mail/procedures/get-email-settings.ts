import { z } from "zod";
import { emailSettingsSchema } from "../contract/email.ts";
import { getEmailSettings } from "../settings.ts";
import { adminProcedure } from "../../../kernel/trpc.ts";

export const getEmailSettingsProcedure = adminProcedure
  .input(z.strictObject({}).optional())
  .output(emailSettingsSchema)
  .query(({ ctx }) => getEmailSettings(ctx.svc));
