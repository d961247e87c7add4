export { detectResumeType } from "./detect.ts";
export { isResumeRejectedError, type RejectionReason, ResumeRejectedError } from "./errors.ts";
export { EXTRACT_DEFAULTS, extractResume } from "./extract.ts";
export { extractFields } from "./fields.ts";
export type { ExtractResumeOptions, ResumeExtraction, ResumeFields, ResumeParser, ResumeType } from "./types.ts";
export { ZIP_LIMITS } from "./zip.ts";
