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
  /** The Summary / Profile / About / Objective section, whitespace collapsed, at most ~1000 characters. */
  summary: string | null;
  /** The entries of the Experience sections, in resume order (at most 50). */
  experience: ExperienceEntry[];
  /** The entries of the Education sections, in resume order (at most 20). */
  education: EducationEntry[];
  /** Human languages the resume states, by English name ("German"); never the programming languages of a skills list. */
  languages: string[];
  /** Years covered by the union of the experience dates, one decimal (see `experienceYears`); null if none is dated. */
  total_experience_years: number | null;
  /** The first ~1000 characters of the text with whitespace runs collapsed to single spaces. */
  text_excerpt: string;
}

export interface ExperienceEntry {
  title: string | null;
  organization: string | null;
  location: string | null;
  /** "YYYY", or "YYYY-MM" when the resume gives the month. */
  start: string | null;
  /** Like `start`; null when the job is ongoing ("present", "current"). */
  end: string | null;
}

export interface EducationEntry {
  degree: string | null;
  institution: string | null;
  /** "YYYY": the end of the stated period or the single year given; null when not stated or ongoing. */
  year: string | null;
}

export interface ExtractFieldsOptions {
  /** "Today" for ongoing jobs in `total_experience_years`; default the current time. */
  now?: Date;
}

export interface ResumeExtraction extends ResumeFields {
  parser: ResumeParser;
  /** ISO 8601 timestamp. */
  parsed_at: string;
  /** The whole extracted text (the screening engines read it); not part of resume_data. */
  text: string;
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
  /** "Today" for ongoing jobs in `total_experience_years`; default the current time. */
  now?: Date;
}
