export { type DateRange, experienceYears, findDateRange, parseDateRange } from "./dates.ts";
export { detectResumeType } from "./detect.ts";
export { findEducation, parseEducation } from "./education.ts";
export { isResumeRejectedError, type RejectionReason, ResumeRejectedError } from "./errors.ts";
export { findExperience, parseExperience } from "./experience.ts";
export { EXTRACT_DEFAULTS, extractResume } from "./extract.ts";
export { extractFields } from "./fields.ts";
export { findLanguages, parseLanguages } from "./languages.ts";
export { type Section, type SectionKind, sectionKind, splitSections } from "./sections.ts";
export { findSummary } from "./summary.ts";
export type {
  EducationEntry,
  ExperienceEntry,
  ExtractFieldsOptions,
  ExtractResumeOptions,
  ResumeExtraction,
  ResumeFields,
  ResumeParser,
  ResumeType,
} from "./types.ts";
export { ZIP_LIMITS } from "./zip.ts";
