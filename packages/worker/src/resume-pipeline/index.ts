export { resumeParseJob, RESUME_UPLOADED_EVENT } from "./job.ts";
export { resumeSweepSchedule, startResumeSweeper, sweepStuckResumes } from "./sweeper.ts";
export { loadResumeBlob } from "./load-blob.ts";
export { blobGcSchedule, collectOrphanResumeBlobs } from "./blob-gc.ts";
