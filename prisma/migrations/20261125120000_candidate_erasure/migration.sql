-- Candidate erasure (#14): GET /api/files/{token} serves a resume only while a candidate holds its
-- blob, and the blob GC looks keys up the same way.
CREATE INDEX "candidates_resume_blob_key_idx" ON "candidates"("resume_blob_key");
