export type ResumeType = "pdf" | "doc" | "docx";

export type ResumeParser = "pdf-parse" | "mammoth" | "word-extractor";

/** The fields found in a resume's text; `extractResume` adds which parser read it and when. */
export interface ResumeFields {
  name: string | null;
  email: string | null;
  /** E.164, e.g. "+442079460958". */
  phone: string | null;
  location: string | null;
  /** Normalised to "https://www.linkedin.com/in/<slug>" (or /pub/). */
  linkedin: string | null;
  skills: string[];
  /** The first ~1000 characters of the text with whitespace runs collapsed to single spaces. */
  text_excerpt: string;
}

export interface ResumeExtraction extends ResumeFields {
  parser: ResumeParser;
  /** ISO 8601 timestamp. */
  parsed_at: string;
}

export interface ExtractResumeOptions {
  /** ISO 3166 country used for phone numbers written without a country code; default "US". */
  defaultRegion?: string;
  /** Wall-clock limit for parsing, worker start-up included; default 20000. */
  timeoutMs?: number;
  /** Heap cap of the parsing worker in MB; default 512. */
  maxMemoryMb?: number;
  /** PDFs with more pages are refused; default 100. */
  maxPages?: number;
}
