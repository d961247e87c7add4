import { appBaseUrl } from "@hireflow/config";
import { careersUrl, type JobBoard } from "./job-board.ts";
import { inlineJson } from "./job-posting.ts";

/** The public job board API's list of a company's open jobs (no key, CORS *). */
export function publicJobsApiUrl(slug: string): string {
  return `${appBaseUrl()}/api/public/companies/${encodeURIComponent(slug)}/jobs`;
}

/** What a company pastes into a page of its own site: the list renders into the div. */
export function embedSnippet(slug: string): string {
  return `<div id="hireflow-jobs"></div><script src="${careersUrl(slug)}/embed.js" data-target="#hireflow-jobs" async></script>`;
}

/**
 * The embed script: the board's open jobs inlined (one request, served from the board's cache like
 * the feeds), rendered with DOM calls and textContent only, so no title can inject markup into the
 * host page, and without inline styles, which a host's CSP may forbid: the host styles the
 * `hireflow-jobs*` classes. It renders into `data-target` when given, else right after itself.
 */
export function embedScriptJs(board: JobBoard): string {
  const data = {
    company: board.company.name,
    careers_url: careersUrl(board.company.slug),
    jobs: board.jobs.map((job) => ({
      title: job.title,
      url: job.apply_url,
      meta: [job.department, job.location_type === "remote" ? "Remote" : job.locations.join(" · ")].filter(Boolean).join(" — "),
    })),
  };
  return `/* Hireflow job board embed: ${careersUrl(board.company.slug)} */
(function () {
  "use strict";
  var data = ${inlineJson(data)};
  var script = document.currentScript;
  function el(tag, className, text) {
    var node = document.createElement(tag);
    node.className = className;
    if (text) node.textContent = text;
    return node;
  }
  function render() {
    var root = el("div", "hireflow-jobs");
    if (data.jobs.length === 0) {
      root.appendChild(el("p", "hireflow-jobs-empty", "No open positions at " + data.company + " right now."));
    } else {
      var list = el("ul", "hireflow-jobs-list");
      data.jobs.forEach(function (job) {
        var item = el("li", "hireflow-jobs-item");
        var link = el("a", "hireflow-jobs-title", job.title);
        link.href = job.url;
        item.appendChild(link);
        if (job.meta) item.appendChild(el("div", "hireflow-jobs-meta", job.meta));
        list.appendChild(item);
      });
      root.appendChild(list);
    }
    var all = el("a", "hireflow-jobs-all", "All jobs at " + data.company);
    all.href = data.careers_url;
    root.appendChild(all);
    var selector = script && script.getAttribute("data-target");
    var target = selector ? document.querySelector(selector) : null;
    if (target) target.replaceChildren(root);
    else if (script && script.parentNode) script.parentNode.insertBefore(root, script.nextSibling);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", render);
  else render();
})();
`;
}
