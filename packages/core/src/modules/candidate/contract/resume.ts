/** The public limits of a resume upload (spec: "PDF, DOC or DOCX; up to 10MB"). */
export const RESUME_MAX_BYTES = 10 * 1024 * 1024;

/**
 * The content type a resume is stored and served with, chosen from its detected type: the
 * uploader's declared type is not trusted.
 */
export const RESUME_CONTENT_TYPES = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
} as const;

export type ResumeFileType = keyof typeof RESUME_CONTENT_TYPES;

/** What resume parsing hands to the domain; extra keys (skills, parser, …) are kept in resume_data. */
export interface ResumeExtractionResult {
  name: string | null;
  email: string | null;
  phone: string | null;
  location: string | null;
  linkedin: string | null;
  [key: string]: unknown;
}
