import { type ClientOptions, HttpClient, type Query, type RequestOptions } from "./http.ts";
import { type Page, PageIterator } from "./pagination.ts";
import type {
  Candidate,
  CandidateCreateParams,
  CandidateDetail,
  CandidateExport,
  ScreeningExplanation,
  ScreeningExplanationSent,
  CandidateListParams,
  CandidateNote,
  CandidateUpdateParams,
  DeletedWebhookEndpoint,
  Event,
  EventListParams,
  Interview,
  InterviewCreateParams,
  Offer,
  OfferCreateParams,
  OfferDecideParams,
  OfferDetail,
  OfferListParams,
  OfferUpdateParams,
  InterviewDetail,
  InterviewListParams,
  InterviewUpdateParams,
  CandidateScorecards,
  Scorecard,
  ScorecardReadParams,
  ScorecardSubmitParams,
  ImpactRatioParams,
  ImpactRatioReport,
  InterviewsPerStageParams,
  InterviewsPerStageReport,
  OverdueScorecardsParams,
  OverdueScorecardsReport,
  OffersReport,
  OffersReportParams,
  TimeToFirstInterviewParams,
  TimeToFirstInterviewReport,
  Job,
  JobCreateParams,
  JobListParams,
  JobUpdateParams,
  Me,
  RejectReason,
  RescoreRequest,
  SchedulingLink,
  SchedulingLinkCreateParams,
  SchedulingLinkListParams,
  User,
  UserAvailability,
  UserAvailabilitySetParams,
  UserListParams,
  WebhookDelivery,
  WebhookDeliveryListParams,
  WebhookEndpoint,
  WebhookEndpointCreateParams,
  WebhookEndpointListParams,
  WebhookEndpointRotateSecretParams,
  WebhookEndpointUpdateParams,
  WebhookEndpointWithSecret,
  WebhookTestSent,
} from "./types.ts";

type Id = number | string;

/** Path segments are encoded: an id can never change which route is called. */
const segment = (id: Id) => encodeURIComponent(String(id));

abstract class Resource {
  constructor(protected readonly http: HttpClient) {}

  protected async data<T>(method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", path: string, body: unknown, options: RequestOptions | undefined): Promise<T> {
    const response = await this.http.request<{ data: T }>({ method, path, body }, options);
    return response.data;
  }

  protected paginate<T>(path: string, params: object | undefined, options: RequestOptions | undefined): PageIterator<T> {
    return new PageIterator<T>(
      (cursor, pageOptions) => this.http.request<Page<T>>({ method: "GET", path, query: { ...(params as Query), cursor } }, pageOptions),
      options,
    );
  }
}

export class Candidates extends Resource {
  /** Creates a candidate; with `resume` (a Blob or File) the request is multipart and the resume is parsed in the background. */
  create(params: CandidateCreateParams, options?: RequestOptions): Promise<CandidateDetail> {
    if (!("resume" in params) || params.resume === undefined) return this.data("POST", "/candidates", params, options);
    const { resume, resume_filename: filename, ...fields } = params;
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      if (value !== undefined && value !== null) form.set(name, String(value));
    }
    form.set("resume", resume, filename ?? (resume instanceof File ? resume.name : "resume"));
    return this.data("POST", "/candidates", form, options);
  }

  get(id: Id, options?: RequestOptions): Promise<CandidateDetail> {
    return this.data("GET", `/candidates/${segment(id)}`, undefined, options);
  }

  update(id: Id, params: CandidateUpdateParams, options?: RequestOptions): Promise<CandidateDetail> {
    return this.data("PATCH", `/candidates/${segment(id)}`, params, options);
  }

  /** Every candidate matching the filters, newest first (or by `sort`), fetched page by page as it is read. */
  list(params?: CandidateListParams, options?: RequestOptions): PageIterator<Candidate> {
    return this.paginate("/candidates", params, options);
  }

  addNote(id: Id, text: string, options?: RequestOptions): Promise<CandidateNote> {
    return this.data("POST", `/candidates/${segment(id)}/notes`, { note: text }, options);
  }

  /** Erases the candidate for good (contact data, notes, resume, fit details, their events); sends `candidate.deleted`. */
  async delete(id: Id, options?: RequestOptions): Promise<void> {
    await this.http.request({ method: "DELETE", path: `/candidates/${segment(id)}` }, options);
  }

  /** Everything held about the candidate, as one document (for an access request). */
  export(id: Id, options?: RequestOptions): Promise<CandidateExport> {
    return this.data("GET", `/candidates/${segment(id)}/export`, undefined, options);
  }

  /** The AI screening tool's part in a decision, in plain words, with how to ask for a human review. */
  screeningExplanation(id: Id, options?: RequestOptions): Promise<ScreeningExplanation> {
    return this.data("GET", `/candidates/${segment(id)}/screening_explanation`, undefined, options);
  }

  /** E-mails the candidate that explanation (409 when they have no e-mail address or the tool never assessed them). */
  sendScreeningExplanation(id: Id, options?: RequestOptions): Promise<ScreeningExplanationSent> {
    return this.data("POST", `/candidates/${segment(id)}/screening_explanation/send`, undefined, options);
  }
}

export class Jobs extends Resource {
  get(id: Id, options?: RequestOptions): Promise<Job> {
    return this.data("GET", `/jobs/${segment(id)}`, undefined, options);
  }

  create(params: JobCreateParams, options?: RequestOptions): Promise<Job> {
    return this.data("POST", "/jobs", params, options);
  }

  update(id: Id, params: JobUpdateParams, options?: RequestOptions): Promise<Job> {
    return this.data("PATCH", `/jobs/${segment(id)}`, params, options);
  }

  list(params?: JobListParams, options?: RequestOptions): PageIterator<Job> {
    return this.paginate("/jobs", params, options);
  }

  /** Asks the AI screening agent to score the job's candidates again (after its criteria changed). */
  rescore(id: Id, options?: RequestOptions): Promise<RescoreRequest> {
    return this.data("POST", `/jobs/${segment(id)}/rescore`, undefined, options);
  }
}

export class WebhookEndpoints extends Resource {
  /** The answer holds the signing `secret`, shown this once. */
  create(params: WebhookEndpointCreateParams, options?: RequestOptions): Promise<WebhookEndpointWithSecret> {
    return this.data("POST", "/webhook_endpoints", params, options);
  }

  get(id: Id, options?: RequestOptions): Promise<WebhookEndpoint> {
    return this.data("GET", `/webhook_endpoints/${segment(id)}`, undefined, options);
  }

  update(id: Id, params: WebhookEndpointUpdateParams, options?: RequestOptions): Promise<WebhookEndpoint> {
    return this.data("PATCH", `/webhook_endpoints/${segment(id)}`, params, options);
  }

  delete(id: Id, options?: RequestOptions): Promise<DeletedWebhookEndpoint> {
    return this.data("DELETE", `/webhook_endpoints/${segment(id)}`, undefined, options);
  }

  list(params?: WebhookEndpointListParams, options?: RequestOptions): PageIterator<WebhookEndpoint> {
    return this.paginate("/webhook_endpoints", params, options);
  }

  /** A new signing secret; the previous one keeps signing alongside it for `expire_previous_in_seconds` (default 24 h). */
  rotateSecret(id: Id, params?: WebhookEndpointRotateSecretParams, options?: RequestOptions): Promise<WebhookEndpointWithSecret> {
    return this.data("POST", `/webhook_endpoints/${segment(id)}/rotate_secret`, params, options);
  }

  /** Queues a `webhook.test` delivery to this endpoint. */
  test(id: Id, options?: RequestOptions): Promise<WebhookTestSent> {
    return this.data("POST", `/webhook_endpoints/${segment(id)}/test`, undefined, options);
  }

  listDeliveries(id: Id, params?: WebhookDeliveryListParams, options?: RequestOptions): PageIterator<WebhookDelivery> {
    return this.paginate(`/webhook_endpoints/${segment(id)}/deliveries`, params, options);
  }

  /** Sends a delivery's event again (same `webhook-id`), restarting its retry schedule; the delivery is back to `pending`. */
  redeliver(deliveryId: Id, options?: RequestOptions): Promise<WebhookDelivery> {
    return this.data("POST", `/webhook_deliveries/${segment(deliveryId)}/redeliver`, undefined, options);
  }
}

export class Events extends Resource {
  /** Events of the last 30 days, newest first: what webhooks delivered (or would have), to fill gaps. */
  list(params?: EventListParams, options?: RequestOptions): PageIterator<Event> {
    return this.paginate("/events", params, options);
  }

  get(id: string, options?: RequestOptions): Promise<Event> {
    return this.data("GET", `/events/${segment(id)}`, undefined, options);
  }
}

export class RejectReasons extends Resource {
  /** The company's reasons for rejecting a candidate, in order (archived ones flagged): give one as `reject_reason_id` with a move to a rejected-type stage. */
  list(options?: RequestOptions): Promise<RejectReason[]> {
    return this.data("GET", "/reject_reasons", undefined, options);
  }
}

export class Users extends Resource {
  /** The company's members, oldest first: the ids to name as `interviewer_ids`. */
  list(params?: UserListParams, options?: RequestOptions): PageIterator<User> {
    return this.paginate("/users", params, options);
  }

  /** The member's time zone, working hours, buffer, daily cap and busy calendar: the free time scheduling links offer. Needs `users:read`. */
  getAvailability(id: string, options?: RequestOptions): Promise<UserAvailability> {
    return this.data("GET", `/users/${segment(id)}/availability`, undefined, options);
  }

  /** Replaces the member's availability; a new `busy_calendar_url` is read at once (one that cannot be read is a 400). Needs `interviews:write`. */
  setAvailability(id: string, params: UserAvailabilitySetParams, options?: RequestOptions): Promise<UserAvailability> {
    return this.data("PUT", `/users/${segment(id)}/availability`, params, options);
  }
}

export class Interviews extends Resource {
  /** Schedules an interview; the panel (and the candidate with `notify_candidate`) get calendar invitations. */
  create(params: InterviewCreateParams, options?: RequestOptions): Promise<InterviewDetail> {
    return this.data("POST", "/interviews", params, options);
  }

  /** By start time, earliest first; filter by candidate, interviewer and time. */
  list(params?: InterviewListParams, options?: RequestOptions): PageIterator<Interview> {
    return this.paginate("/interviews", params, options);
  }

  get(id: Id, options?: RequestOptions): Promise<InterviewDetail> {
    return this.data("GET", `/interviews/${segment(id)}`, undefined, options);
  }

  /** Reschedules or edits; everyone invited gets the updated invitation (same UID, raised sequence). */
  update(id: Id, params: InterviewUpdateParams, options?: RequestOptions): Promise<InterviewDetail> {
    return this.data("PATCH", `/interviews/${segment(id)}`, params, options);
  }

  /** Cancels (the interview is kept with status `canceled`); everyone invited gets a cancellation. */
  cancel(id: Id, options?: RequestOptions): Promise<InterviewDetail> {
    return this.data("DELETE", `/interviews/${segment(id)}`, undefined, options);
  }
}

export class Scorecards extends Resource {
  /**
   * A candidate's scorecards with their summary. Needs `scorecards:read`. The key sees them all; with
   * `params.on_behalf_of` (a member id) it sees what that member sees (no anchoring: `hidden_count`).
   */
  async listForCandidate(candidateId: Id, params: ScorecardReadParams = {}, options?: RequestOptions): Promise<CandidateScorecards> {
    const response = await this.http.request<{ data: CandidateScorecards }>({ method: "GET", path: `/candidates/${segment(candidateId)}/scorecards`, query: params as Query }, options);
    return response.data;
  }

  /** One scorecard; with `params.on_behalf_of`, a 403 while that member may not see it yet (no anchoring). */
  async get(id: Id, params: ScorecardReadParams = {}, options?: RequestOptions): Promise<Scorecard> {
    const response = await this.http.request<{ data: Scorecard }>({ method: "GET", path: `/scorecards/${segment(id)}`, query: params as Query }, options);
    return response.data;
  }

  /** Submits (or edits) the scorecard of `params.on_behalf_of` for the interview. Needs `scorecards:write`. */
  submit(interviewId: Id, params: ScorecardSubmitParams, options?: RequestOptions): Promise<Scorecard> {
    return this.data("POST", `/interviews/${segment(interviewId)}/scorecards`, params, options);
  }
}

export class Reports extends Resource {
  /** Impact ratios of the AI screening by sex, race/ethnicity and both (the tables of a bias audit under NYC Local Law 144). Needs `reports:read`. */
  async impactRatios(params: ImpactRatioParams, options?: RequestOptions): Promise<ImpactRatioReport> {
    const response = await this.http.request<{ data: ImpactRatioReport }>({ method: "GET", path: "/reports/impact_ratios", query: params as Query }, options);
    return response.data;
  }

  /** Interviews that start in the range per stage (scheduled, completed, canceled). Needs `reports:read`. */
  async interviewsPerStage(params: InterviewsPerStageParams = {}, options?: RequestOptions): Promise<InterviewsPerStageReport> {
    const response = await this.http.request<{ data: InterviewsPerStageReport }>({ method: "GET", path: "/reports/interviews_per_stage", query: params as Query }, options);
    return response.data;
  }

  /** Days from application to the first interview (median, p75, p90), company-wide and per job. Needs `reports:read`. */
  async timeToFirstInterview(params: TimeToFirstInterviewParams = {}, options?: RequestOptions): Promise<TimeToFirstInterviewReport> {
    const response = await this.http.request<{ data: TimeToFirstInterviewReport }>({ method: "GET", path: "/reports/time_to_first_interview", query: params as Query }, options);
    return response.data;
  }

  /** Interviewers without a scorecard for an interview that ended more than `hours` (default 24) ago. Needs `reports:read`. */
  async overdueScorecards(params: OverdueScorecardsParams = {}, options?: RequestOptions): Promise<OverdueScorecardsReport> {
    const response = await this.http.request<{ data: OverdueScorecardsReport }>({ method: "GET", path: "/reports/overdue_scorecards", query: params as Query }, options);
    return response.data;
  }

  /** Offers sent in the range by outcome with the acceptance rate, and days from application to acceptance (median, p75, p90), company-wide and per job. Needs `reports:read`. */
  async offers(params: OffersReportParams = {}, options?: RequestOptions): Promise<OffersReport> {
    const response = await this.http.request<{ data: OffersReport }>({ method: "GET", path: "/reports/offers", query: params as Query }, options);
    return response.data;
  }
}

export class Offers extends Resource {
  /** Drafts an offer for a candidate (version 1, the company's approval chain unless `approval_steps` is given). Needs `offers:write`. */
  create(params: OfferCreateParams, options?: RequestOptions): Promise<OfferDetail> {
    return this.data("POST", "/offers", params, options);
  }

  /** Newest first; filter by candidate, job and status. Needs `offers:read`. */
  list(params?: OfferListParams, options?: RequestOptions): PageIterator<Offer> {
    return this.paginate("/offers", params, options);
  }

  /** The offer with its versions and approval decisions. */
  get(id: Id, options?: RequestOptions): Promise<OfferDetail> {
    return this.data("GET", `/offers/${segment(id)}`, undefined, options);
  }

  /** A change to a material term makes a new version, back in draft (a sent link stops working). */
  update(id: Id, params: OfferUpdateParams, options?: RequestOptions): Promise<OfferDetail> {
    return this.data("PATCH", `/offers/${segment(id)}`, params, options);
  }

  /** Sends a draft to its approval chain (or approves it at once when the chain is empty). */
  requestApproval(id: Id, options?: RequestOptions): Promise<OfferDetail> {
    return this.data("POST", `/offers/${segment(id)}/request_approval`, undefined, options);
  }

  /** Records `params.on_behalf_of`'s decision (approve or reject) on the offer's current step. */
  decide(id: Id, params: OfferDecideParams, options?: RequestOptions): Promise<OfferDetail> {
    return this.data("POST", `/offers/${segment(id)}/approvals`, params, options);
  }

  /** E-mails the approved offer's letter (PDF) with the candidate's personal link. */
  send(id: Id, options?: RequestOptions): Promise<OfferDetail> {
    return this.data("POST", `/offers/${segment(id)}/send`, undefined, options);
  }

  /** Withdraws an offer that is not accepted; its link answers 410. */
  withdraw(id: Id, options?: RequestOptions): Promise<OfferDetail> {
    return this.data("POST", `/offers/${segment(id)}/withdraw`, undefined, options);
  }
}

export class SchedulingLinks extends Resource {
  /**
   * Sends a candidate a link to book one interview with one member of `interviewer_ids` (the pool), in the
   * pool's free time; with `notify_candidate` (the default) it is e-mailed to them. Needs `interviews:write`.
   */
  create(params: SchedulingLinkCreateParams, options?: RequestOptions): Promise<SchedulingLink> {
    return this.data("POST", "/scheduling_links", params, options);
  }

  /** Newest first; `candidate_id` narrows to one candidate's links. Needs `interviews:read`. */
  list(params?: SchedulingLinkListParams, options?: RequestOptions): PageIterator<SchedulingLink> {
    return this.paginate("/scheduling_links", params, options);
  }

  /** The link with its status (`open`, `booked`, `canceled`, `revoked`, `expired`) and `interview_id` once booked. */
  get(id: Id, options?: RequestOptions): Promise<SchedulingLink> {
    return this.data("GET", `/scheduling_links/${segment(id)}`, undefined, options);
  }

  /** The link stops working at once (410 for the candidate); an interview already booked stays (cancel it with `interviews.cancel`). */
  revoke(id: Id, options?: RequestOptions): Promise<SchedulingLink> {
    return this.data("DELETE", `/scheduling_links/${segment(id)}`, undefined, options);
  }
}

/**
 * The Hireflow API client.
 *
 * ```ts
 * const hf = new Hireflow({ apiKey: process.env.HIREFLOW_API_KEY!, baseUrl: "https://hireflow.example.com" });
 * for await (const candidate of hf.candidates.list({ job_id: 1 })) console.log(candidate.name);
 * ```
 */
export class Hireflow {
  readonly candidates: Candidates;
  readonly jobs: Jobs;
  readonly webhookEndpoints: WebhookEndpoints;
  readonly events: Events;
  readonly rejectReasons: RejectReasons;
  readonly users: Users;
  readonly interviews: Interviews;
  readonly scorecards: Scorecards;
  readonly reports: Reports;
  readonly offers: Offers;
  readonly schedulingLinks: SchedulingLinks;
  readonly #http: HttpClient;

  constructor(options: ClientOptions) {
    this.#http = new HttpClient(options);
    this.candidates = new Candidates(this.#http);
    this.jobs = new Jobs(this.#http);
    this.webhookEndpoints = new WebhookEndpoints(this.#http);
    this.events = new Events(this.#http);
    this.rejectReasons = new RejectReasons(this.#http);
    this.users = new Users(this.#http);
    this.interviews = new Interviews(this.#http);
    this.scorecards = new Scorecards(this.#http);
    this.reports = new Reports(this.#http);
    this.offers = new Offers(this.#http);
    this.schedulingLinks = new SchedulingLinks(this.#http);
  }

  /** The key's company and the key itself (its scopes): the "test connection" call. */
  async me(options?: RequestOptions): Promise<Me> {
    const response = await this.#http.request<{ data: Me }>({ method: "GET", path: "/me" }, options);
    return response.data;
  }
}
