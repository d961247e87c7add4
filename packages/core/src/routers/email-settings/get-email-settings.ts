import { z } from "zod";
import { emailSettingsSchema } from "../../contracts/email.ts";
import { getEmailSettings } from "../../services/email-settings.ts";
import { adminProcedure } from "../../trpc.ts";

export const getEmailSettingsProcedure = adminProcedure
  .input(z.strictObject({}).optional())
  .output(emailSettingsSchema)
  .query(({ ctx }) => getEmailSettings(ctx.svc));
