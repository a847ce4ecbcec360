/**
 * @module HAR 1.2 (the HTTP Archive format every browser and HTTP tool exchanges traffic in): the part of its
 * shape this project writes and reads. Fields a producer adds of its own start with `_` (HAR 1.2, "Custom
 * fields"); ours are `_ruleId` and `_caseId` on an entry.
 */

export interface HarNameValue {
  name: string;
  value: string;
}

export interface HarPostData {
  mimeType: string;
  text?: string;
  params?: unknown[];
  /** Not in HAR 1.2 itself: some producers (Playwright among them) mark a base64 request body so. */
  _encoding?: string;
  comment?: string;
  /** As HarContent's `_abridged`. */
  _abridged?: true;
}

export interface HarContent {
  size: number;
  mimeType: string;
  text?: string;
  /** `base64` when `text` holds the body's bytes in base64 (HAR 1.2). */
  encoding?: string;
  compression?: number;
  comment?: string;
  /** The suite's mark: `text` is not the whole body (cut, or the jobs of others left out), so nothing judges it. */
  _abridged?: true;
}

export interface HarRequest {
  method: string;
  url: string;
  httpVersion: string;
  cookies: unknown[];
  headers: HarNameValue[];
  queryString: HarNameValue[];
  postData?: HarPostData;
  headersSize: number;
  bodySize: number;
  comment?: string;
}

export interface HarResponse {
  status: number;
  statusText: string;
  httpVersion: string;
  cookies: unknown[];
  headers: HarNameValue[];
  content: HarContent;
  redirectURL: string;
  headersSize: number;
  bodySize: number;
  comment?: string;
  /** Not in HAR 1.2: Playwright and Chromium name a transport failure here. */
  _failureText?: string;
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: HarRequest;
  response: HarResponse;
  cache: Record<string, unknown>;
  timings: { send: number; wait: number; receive: number; [phase: string]: number | undefined };
  comment?: string;
  /** The suite's: the rule whose case sent the request. */
  _ruleId?: string;
  /** The suite's: the X-Conformance-Case-Id of the request. */
  _caseId?: string;
}

export interface HarLog {
  log: {
    version: string;
    creator: { name: string; version: string; comment?: string };
    browser?: { name: string; version: string };
    pages?: unknown[];
    entries: HarEntry[];
    comment?: string;
  };
}
