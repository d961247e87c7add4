import { emailSettingsSchema, updateEmailSettingsInput } from "../contract/email.ts";
import { updateEmailSettings } from "../settings.ts";
import { adminProcedure } from "../../../kernel/trpc.ts";

/** A strict partial: the fields given change (null or "" falls back to the server's MAIL_FROM); recorded in the audit log. */
export const updateEmailSettingsProcedure = adminProcedure
  .input(updateEmailSettingsInput)
  .output(emailSettingsSchema)
  .mutation(({ ctx, input }) => updateEmailSettings(ctx.svc, input));
