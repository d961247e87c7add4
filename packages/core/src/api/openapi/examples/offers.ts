import { ALAN, CANDIDATE_ID, GRACE, interviewCandidate, JOB_ID, ORIGIN } from "./entities.ts";

/** The offer of the reference's examples: Ada's, sent after Grace and Alan approved it. */
export const OFFER_ID = 88;

const terms = {
  start_date: "2027-03-01",
  job_title: "Platform Engineer",
  salary: { amount: 85000, currency: "EUR", period: "year" },
  bonus: { amount: 10000, currency: "EUR" },
  equity: "0.05% in options, vesting over 4 years",
  expires_at: "2027-02-15T17:00:00.000Z",
} as const;

export const offer = {
  id: OFFER_ID,
  candidate_id: CANDIDATE_ID,
  job_id: JOB_ID,
  status: "sent",
  version: 2,
  ...terms,
  sent_at: "2027-02-01T10:05:00.000Z",
  accepted_at: null,
  declined_at: null,
  decline_reason: null,
  signature: null,
  letter_url: `${ORIGIN}/api/files/eyJrIjoib2ZmZXJzL2E.c2lnbmF0dXJl`,
  notes: "Matched the counter-offer on the base; bonus per the band.",
  approval_steps: [
    { approver_ids: [ALAN.id], required: 1 },
    { approver_ids: [GRACE.id], required: 1 },
  ],
  current_step: null,
  signed_copy_url: null,
  withdrawn_at: null,
  expired_at: null,
  created_at: "2027-01-28T15:00:00.000Z",
  updated_at: "2027-02-01T10:05:00.000Z",
} as const;

export const offerDetail = {
  ...offer,
  versions: [
    { number: 2, ...terms, status: "current", created_at: "2027-01-30T09:00:00.000Z" },
    { number: 1, ...terms, salary: { amount: 80000, currency: "EUR", period: "year" }, status: "superseded", created_at: "2027-01-28T15:00:00.000Z" },
  ],
  approvals: [
    { id: 501, approver: { id: ALAN.id, name: ALAN.name, email: ALAN.email }, decision: "approve", comment: "", step: 0, version: 2, current: true, created_at: "2027-01-31T08:30:00.000Z" },
    { id: 502, approver: { id: GRACE.id, name: GRACE.name, email: GRACE.email }, decision: "approve", comment: "Within the band.", step: 1, version: 2, current: true, created_at: "2027-01-31T16:10:00.000Z" },
  ],
} as const;

const { notes: _notes, ...offerWithoutNotes } = offer;
const event = { candidate: interviewCandidate, job: { id: JOB_ID, title: "Platform Engineer" }, company: { id: 1 } };
const accepted = {
  ...offerWithoutNotes,
  status: "accepted",
  accepted_at: "2027-02-03T19:42:00.000Z",
  signature: { name: "Ada Lovelace", signed_at: "2027-02-03T19:42:00.000Z", document_sha256: "9f2b5c0e7a4d3f1e8b6c2a9d0e5f4c3b2a1908f7e6d5c4b3a29180f7e6d5c4b3" },
  signed_copy_url: `${ORIGIN}/api/files/eyJrIjoib2ZmZXJzL2I.c2lnbmF0dXJl`,
  updated_at: "2027-02-03T19:42:00.000Z",
} as const;

export const OFFER_WEBHOOK_EXAMPLES = {
  "offer.created": { event: "offer.created", occurred_at: "2027-01-28T15:00:00.000Z", offer: { ...offerWithoutNotes, status: "draft", version: 1, sent_at: null, letter_url: null }, ...event, changed_by: "user", changed_by_user_id: GRACE.id },
  "offer.updated": {
    event: "offer.updated",
    occurred_at: "2027-01-30T09:00:00.000Z",
    offer: { ...offerWithoutNotes, status: "draft", sent_at: null, letter_url: null },
    ...event,
    changed_fields: ["salary"],
    previous_version: 1,
    previous_status: "pending_approval",
    changed_by: "api",
    changed_by_user_id: null,
  },
  "offer.approval_requested": {
    event: "offer.approval_requested",
    occurred_at: "2027-01-30T09:05:00.000Z",
    offer: { ...offerWithoutNotes, status: "pending_approval", current_step: 0, sent_at: null, letter_url: null },
    ...event,
    step: 0,
    approver_ids: [ALAN.id],
    required: 1,
    changed_by: "user",
    changed_by_user_id: GRACE.id,
  },
  "offer.approval_rejected": {
    event: "offer.approval_rejected",
    occurred_at: "2027-01-29T11:00:00.000Z",
    offer: { ...offerWithoutNotes, status: "draft", version: 1, sent_at: null, letter_url: null },
    ...event,
    step: 0,
    approver_id: ALAN.id,
    comment: "Above the band: 80k is the ceiling without a VP sign-off.",
    changed_by: "user",
    changed_by_user_id: ALAN.id,
  },
  "offer.approved": { event: "offer.approved", occurred_at: "2027-01-31T16:10:00.000Z", offer: { ...offerWithoutNotes, status: "approved", sent_at: null, letter_url: null }, ...event, changed_by: "user", changed_by_user_id: GRACE.id },
  "offer.sent": { event: "offer.sent", occurred_at: "2027-02-01T10:05:00.000Z", offer: offerWithoutNotes, ...event, changed_by: "user", changed_by_user_id: GRACE.id },
  "offer.accepted": { event: "offer.accepted", occurred_at: "2027-02-03T19:42:00.000Z", offer: accepted, ...event, changed_by: "system", changed_by_user_id: null },
  "offer.declined": {
    event: "offer.declined",
    occurred_at: "2027-02-03T19:42:00.000Z",
    offer: { ...offerWithoutNotes, status: "declined", declined_at: "2027-02-03T19:42:00.000Z", decline_reason: "I accepted another offer." },
    ...event,
    changed_by: "system",
    changed_by_user_id: null,
  },
  "offer.withdrawn": { event: "offer.withdrawn", occurred_at: "2027-02-02T12:00:00.000Z", offer: { ...offerWithoutNotes, status: "withdrawn", withdrawn_at: "2027-02-02T12:00:00.000Z" }, ...event, previous_status: "sent", changed_by: "user", changed_by_user_id: GRACE.id },
  "offer.expired": { event: "offer.expired", occurred_at: "2027-02-15T17:00:30.000Z", offer: { ...offerWithoutNotes, status: "expired", expired_at: "2027-02-15T17:00:30.000Z" }, ...event, changed_by: "system", changed_by_user_id: null },
  "candidate.hired": {
    event: "candidate.hired",
    occurred_at: "2027-02-03T19:42:00.000Z",
    candidate: { ...interviewCandidate, phone: "+447700900123", hired_at: "2027-02-03T19:42:00.000Z" },
    job: { id: JOB_ID, title: "Platform Engineer" },
    offer: accepted,
    company: { id: 1 },
    changed_by: "system",
    changed_by_user_id: null,
  },
} as const;

export const OFFER_OPERATION_EXAMPLES = {
  "offers-list": { query: { candidate_id: CANDIDATE_ID, limit: 25 }, response: { data: [offer], pagination: { next_cursor: null, has_more: false } } },
  "offers-get": { path: { id: OFFER_ID }, response: { data: offerDetail } },
  "offers-create": {
    request: { candidate_id: CANDIDATE_ID, start_date: terms.start_date, salary: { amount: 80000, currency: "EUR", period: "year" }, bonus: terms.bonus, equity: terms.equity, expires_at: terms.expires_at },
    response: { data: { ...offerDetail, status: "draft", version: 1, sent_at: null, letter_url: null, salary: { amount: 80000, currency: "EUR", period: "year" }, versions: [offerDetail.versions[1]], approvals: [], updated_at: offer.created_at } },
  },
  "offers-update": {
    path: { id: OFFER_ID },
    request: { salary: { amount: 85000, currency: "EUR", period: "year" } },
    response: { data: { ...offerDetail, status: "draft", sent_at: null, letter_url: null, approvals: [], updated_at: "2027-01-30T09:00:00.000Z" } },
  },
  "offers-requestApproval": {
    path: { id: OFFER_ID },
    response: { data: { ...offerDetail, status: "pending_approval", current_step: 0, sent_at: null, letter_url: null, approvals: [], updated_at: "2027-01-30T09:05:00.000Z" } },
  },
  "offers-decide": {
    path: { id: OFFER_ID },
    request: { decision: "approve", comment: "Within the band.", on_behalf_of: GRACE.id },
    response: { data: { ...offerDetail, status: "approved", sent_at: null, letter_url: null, updated_at: "2027-01-31T16:10:00.000Z" } },
  },
  "offers-send": { path: { id: OFFER_ID }, response: { data: offerDetail } },
  "offers-withdraw": { path: { id: OFFER_ID }, response: { data: { ...offerDetail, status: "withdrawn", withdrawn_at: "2027-02-02T12:00:00.000Z", updated_at: "2027-02-02T12:00:00.000Z" } } },
};
