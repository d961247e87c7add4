import { sweepers } from "../sweepers.ts";
import { startResumeSweeper } from "./sweeper.ts";

export { resumeParseJob, RESUME_UPLOADED_EVENT } from "./job.ts";
export { startResumeSweeper, sweepStuckResumes } from "./sweeper.ts";
export { loadResumeBlob } from "./load-blob.ts";

// Registered on import (registry.ts imports this module), once even if the module is re-evaluated.
const SWEEPER_NAME = "resumeSweeper";
if (!sweepers.some((factory) => factory.name === SWEEPER_NAME)) {
  const resumeSweeper = () => startResumeSweeper();
  sweepers.push(resumeSweeper);
}
